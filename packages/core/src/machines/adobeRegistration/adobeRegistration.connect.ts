import type { SnapshotFrom } from 'xstate';
import { providersPath, type TvProviderError } from '../../domain/adobe.js';
import type { AdobeRegistrationMachine } from './adobeRegistration.machine.js';
import type { AdobeProviderData } from './adobeRegistration.types.js';
import { matchedState } from '../matchedState.js';

/** A snapshot of the adobeRegistration machine. */
export type AdobeRegistrationSnapshot = SnapshotFrom<AdobeRegistrationMachine>;

/** Where the registration stands: `working` (signing in, registering, regcode, configuration), `ready`, `linked`, `failed`. */
export type AdobeRegistrationPhase = 'working' | 'ready' | 'linked' | 'failed';

/** What a view needs while the Adobe registration runs. */
export interface AdobeRegistrationApi {
  phase: AdobeRegistrationPhase;
  /** True while working (show progress). */
  busy: boolean;
  /** The provider data to hand to the providers page once `ready` (keep it in memory or history state, never in a URL). */
  data: AdobeProviderData | null;
  /** True when `linked`: the providers page shows the unlink control. */
  unlinkAllowed: boolean;
  /** The PROVIDERS path to go to once `ready` or `linked` (`/providers?provider=…&from=…`), else null. */
  providersPath: string | null;
  /** The error to show once `failed`: `t(error.key)`, plus `requestId` and `firstMessage`; else null. */
  error: TvProviderError | null;
}

/** Turns an adobeRegistration snapshot into what the view renders. Pure. */
export function connectAdobeRegistration(snapshot: AdobeRegistrationSnapshot): AdobeRegistrationApi {
  const { context } = snapshot;
  const phase: AdobeRegistrationPhase = matchedState(snapshot, ['ready', 'linked', 'failed'], 'working');
  const leaving = phase === 'ready' || phase === 'linked';
  return {
    phase,
    busy: phase === 'working',
    data: context.data,
    unlinkAllowed: phase === 'linked',
    providersPath: leaving ? providersPath({ provider: context.env.provider.kind, from: context.env.from ?? null }, context.env.locale ?? 'en') : null,
    error: phase === 'failed' ? context.error : null,
  };
}
