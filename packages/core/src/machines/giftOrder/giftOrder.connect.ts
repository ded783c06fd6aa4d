import type { SnapshotFrom } from 'xstate';
import type { Gift } from '../../contracts/gifts.js';
import type { GiftOrderEvent, GiftOrderMachine } from './giftOrder.machine.js';

/** A snapshot of the gift order machine. */
export type GiftOrderSnapshot = SnapshotFrom<GiftOrderMachine>;

/** What the GIFT page needs. */
export interface GiftOrderApi {
  status: 'loading' | 'loadFailed' | 'notFound' | 'ready';
  gift: Gift | null;
  /** An action is under way (its button shows progress). */
  busy: 'resend' | 'cancel' | null;
  notice: string | null;
  error: string | null;
  canResend: boolean;
  canCancel: boolean;
  retry(): void;
  resend(): void;
  cancel(): void;
}

/** Turns a gift order snapshot and its `send` into what the page needs. Pure. */
export function connectGiftOrder(snapshot: GiftOrderSnapshot, send: (event: GiftOrderEvent) => void): GiftOrderApi {
  const { context } = snapshot;
  const status = snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.matches('notFound') ? 'notFound' : 'ready';
  const busy = snapshot.matches('resending') ? 'resend' : snapshot.matches('cancelling') ? 'cancel' : null;
  const idle = snapshot.matches('ready');
  return {
    status,
    gift: context.gift,
    busy,
    notice: context.notice,
    error: context.error,
    canResend: idle && context.gift?.canResend === true,
    canCancel: idle && context.gift?.canCancel === true,
    retry: () => send({ type: 'retry' }),
    resend: () => send({ type: 'resend' }),
    cancel: () => send({ type: 'cancel' }),
  };
}
