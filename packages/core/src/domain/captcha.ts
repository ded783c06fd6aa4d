import { readErrorLayers } from './errorLayers.js';

/**
 * The app state's captcha flags (commerce-and-account-data.md §3 "Client state slices … app state
 * captcha flags"; §8 `CAPTCHA_FAIL_ERROR` and `CHALLENGE_FAILED` give `captchaFailed`; issue 18
 * "Captcha"): whether the flow needs a solved challenge, whether one is solved (its single-use
 * token held until a call spends it), and whether the platform refused the last one.
 */
export interface CaptchaFlags {
  /** The realm's setting guards this flow (sign-up or payment). Never changes within a flow. */
  required: boolean;
  /** A challenge is solved and its token not yet spent. */
  solved: boolean;
  /** The platform refused the last token (403 `CAPTCHA_FAIL_ERROR` / `CHALLENGE_FAILED`): the view shows `captchaFailed` and a fresh challenge. */
  failed: boolean;
  /**
   * A guarded action was tried without a solved challenge: nothing was sent, and the view asks for
   * a solve (`captchaSolveFirst`, {@link CAPTCHA_PROMPT_KEY}) at the widget. Not a failure: it is
   * never `captchaFailed`, which only a platform refusal shows. Cleared by a solve or a refusal.
   */
  prompt: boolean;
  /** The solved challenge's token (sent once in the `X-Captcha-Token` header), null when none. */
  token: string | null;
}

/**
 * What happens to the flags:
 * - `captcha.solved { token }`: the widget answered a token (an empty token counts as none);
 * - `captcha.expired`: the widget's token ran out before use;
 * - `captcha.spent`: a guarded call was sent with the token (single-use: it is gone, whatever the answer);
 * - `captcha.refused`: the platform answered `CAPTCHA_FAIL_ERROR` / `CHALLENGE_FAILED`;
 * - `captcha.missing`: a guarded action was tried without a solved challenge (nothing sent): the
 *   view prompts for a solve.
 */
export type CaptchaEvent =
  | { type: 'captcha.solved'; token: string }
  | { type: 'captcha.expired' }
  | { type: 'captcha.spent' }
  | { type: 'captcha.refused' }
  | { type: 'captcha.missing' };

/** Message key of a captcha the platform refused (§8 `CAPTCHA_FAIL_ERROR` / `CHALLENGE_FAILED`). */
export const CAPTCHA_FAILED_KEY = 'captchaFailed';

/** Message key of the prompt to solve the challenge before a guarded action (this project's; nothing was sent). */
export const CAPTCHA_PROMPT_KEY = 'captchaSolveFirst';

/** The platform codes of a refused captcha (§8). */
export const CAPTCHA_FAILURE_CODES = ['CAPTCHA_FAIL_ERROR', 'CHALLENGE_FAILED'] as const;

/** The flags at the start of a flow the realm guards (`required`) or not. */
export function initialCaptchaFlags(required: boolean): CaptchaFlags {
  return { required: required === true, solved: false, failed: false, prompt: false, token: null };
}

/**
 * The flags after `event`. Pure and total: an unknown event, or a solve with an empty or
 * non-string token, leaves the flags as they are. `required` never changes; `solved` is true
 * exactly when a token is held; a new solve clears `failed` and `prompt`; `captcha.missing` sets
 * `prompt` only when the flow needs a challenge and none is solved (else nothing changes); a
 * refusal clears `prompt` (the view shows `captchaFailed` instead).
 */
export function captchaReducer(flags: CaptchaFlags, event: CaptchaEvent): CaptchaFlags {
  switch (event?.type) {
    case 'captcha.solved':
      if (typeof event.token !== 'string' || event.token === '') return flags;
      return { ...flags, solved: true, failed: false, prompt: false, token: event.token };
    case 'captcha.expired':
    case 'captcha.spent':
      return { ...flags, solved: false, token: null };
    case 'captcha.refused':
      return { ...flags, solved: false, failed: true, prompt: false, token: null };
    case 'captcha.missing':
      return captchaReady(flags) ? flags : { ...flags, prompt: true };
    default:
      return flags;
  }
}

/** Whether a guarded call may be sent: the flow needs no captcha, or one is solved. */
export function captchaReady(flags: CaptchaFlags): boolean {
  return !flags.required || (flags.solved && flags.token !== null);
}

/**
 * The headers a guarded call carries: `{ 'X-Captcha-Token': token }` when a token is held and the
 * flow needs one, else `{}` (the header name of contracts' `CAPTCHA_TOKEN_HEADER`).
 */
export function captchaHeaders(flags: CaptchaFlags): Record<string, string> {
  return flags.required && flags.token !== null ? { 'X-Captcha-Token': flags.token } : {};
}

/** Whether `error` is the platform's refusal of a captcha (code, or first message, `CAPTCHA_FAIL_ERROR` / `CHALLENGE_FAILED`, or message `captchaFailed`). Never throws. */
export function isCaptchaFailure(error: unknown): boolean {
  const { code, messages } = readErrorLayers(error);
  const codes: readonly string[] = CAPTCHA_FAILURE_CODES;
  return (code !== undefined && codes.includes(code)) || messages.some((message) => codes.includes(message) || message === CAPTCHA_FAILED_KEY);
}

/** What a view reads of the flags (never the token): `required` (render the realm's widget), `solved`, `failed` (show `captchaFailed`), `prompt` (ask for a solve). */
export interface CaptchaView {
  required: boolean;
  solved: boolean;
  failed: boolean;
  prompt: boolean;
}

/** The view of `flags` (all false when absent). Never throws. */
export function captchaView(flags: CaptchaFlags | null | undefined): CaptchaView {
  return { required: flags?.required === true, solved: flags?.solved === true, failed: flags?.failed === true, prompt: flags?.prompt === true };
}
