import type { SnapshotFrom } from 'xstate';
import type { GiftRedemption } from '../../contracts/gifts.js';
import type { GiftRedemptionMachine } from './giftRedemption.machine.js';
import type { GiftRedemptionEvent } from './giftRedemption.types.js';
import { matchedState } from '../matchedState.js';

/** A snapshot of the gift redemption machine. */
export type GiftRedemptionSnapshot = SnapshotFrom<GiftRedemptionMachine>;

/** What a redemption view needs. */
export interface GiftRedemptionApi {
  status: 'editing' | 'redeeming' | 'redeemed';
  code: string;
  /** Message key of the last failure, or null (see `giftRedeemMessage`). */
  error: string | null;
  /** What the redemption did, once redeemed. */
  result: GiftRedemption | null;
  setCode(code: string): void;
  submit(): void;
}

/** Turns a redemption snapshot and its `send` into what a view needs. Pure. */
export function connectGiftRedemption(snapshot: GiftRedemptionSnapshot, send: (event: GiftRedemptionEvent) => void): GiftRedemptionApi {
  const status = matchedState(snapshot, ['redeemed', 'editing'], 'redeeming');
  return {
    status,
    code: snapshot.context.code,
    error: snapshot.context.error,
    result: snapshot.context.result,
    setCode: (code) => send({ type: 'code.change', code }),
    submit: () => send({ type: 'submit' }),
  };
}
