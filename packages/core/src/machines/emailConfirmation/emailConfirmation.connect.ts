import type { SnapshotFrom } from 'xstate';
import { emailConfirmationMessage } from '../../domain/index.js';
import type { EmailConfirmationMachine } from './emailConfirmation.machine.js';
import type { EmailConfirmationEvent } from './emailConfirmation.types.js';

/** A snapshot of the email confirmation machine. */
export type EmailConfirmationSnapshot = SnapshotFrom<EmailConfirmationMachine>;

/** Where the email confirmation page stands. */
export type EmailConfirmationStatus = 'confirming' | 'confirmed' | 'invalidToken' | 'failed';

/** What the email confirmation page needs. */
export interface EmailConfirmationApi {
  status: EmailConfirmationStatus;
  /** The confirmed address (for Login now); null until confirmed. */
  email: string | null;
  /** Message key of the failure: `invalidConfirmationToken` (404) or `somethingWentWrong`; null otherwise. */
  error: string | null;
}

/**
 * Turns an email confirmation snapshot into what the page needs (see
 * {@link EmailConfirmationApi}). The machine takes no events, so `send` is accepted for
 * symmetry with the other connects and unused. Pure; implements identity-and-routes.md §2
 * "Email confirmation page" and §8 "Email confirmation".
 */
export function connectEmailConfirmation(snapshot: EmailConfirmationSnapshot, _send?: (event: EmailConfirmationEvent) => void): EmailConfirmationApi {
  const value = snapshot.value;
  const status: EmailConfirmationStatus = value === 'checking' ? (snapshot.context.token === null ? 'failed' : 'confirming') : value;
  return {
    status,
    email: snapshot.context.email,
    error: status === 'invalidToken' || status === 'failed' ? emailConfirmationMessage(status) : null,
  };
}
