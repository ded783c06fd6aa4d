import { captchaView, type CaptchaView } from '../../domain/index.js';
import type { CredentialsFormContext, CredentialsFormEvent } from './credentialsForm.types.js';

/**
 * The part of a credentials form snapshot that {@link connectCredentialsForm} reads; the snapshot
 * of any machine built with `createCredentialsFormMachine` has it.
 */
export interface CredentialsFormSnapshot<TField extends string> {
  context: Pick<CredentialsFormContext<TField>, 'values' | 'error' | 'fieldErrors'> & {
    errorVars?: Record<string, string>;
    captcha?: CredentialsFormContext<TField>['captcha'];
  };
  /** `'done'` once the final state is reached. */
  status: string;
  matches(stateValue: 'submitting'): boolean;
}

/** What a credentials form (ID sign-in, sign-up…) needs to render. */
export interface CredentialsFormApi<TField extends string> {
  values: Record<TField, string>;
  /** Message key of the form-level error (`role="alert"`), or null. */
  error: string | null;
  /** Placeholder values of `error` (`{ seconds }` when the platform throttled the attempt), else `{}`. */
  errorVars: Record<string, string>;
  /** Message key per field. */
  fieldErrors: Record<string, string>;
  /** True while the platform is being asked (disable the form, show loading). */
  isSubmitting: boolean;
  /**
   * True once done: the session holds the tokens (and, unless the form is embedded, is taking
   * the viewer to the §2 target; the view does not navigate).
   */
  isDone: boolean;
  /**
   * The captcha flags (commerce §3; domain `captchaView`): `required` (render the realm's widget),
   * `solved`, `failed` (the platform refused the last token: `captchaFailed`, reset the widget),
   * `prompt` (a submit without a solved challenge: ask for one).
   */
  captcha: CaptchaView;
  change(field: TField, value: string): void;
  submit(): void;
  /** The widget answered `token` (`captcha.solved`). */
  solveCaptcha(token: string): void;
  /** The widget's token ran out (`captcha.expired`). */
  expireCaptcha(): void;
}

/**
 * Turns the snapshot of a credentials form machine and its `send` into what the form needs:
 * values and message keys from the context, `isSubmitting` in `submitting`, `isDone` once the
 * machine is done, the captcha flags, and `change`/`submit`/`solveCaptcha`/`expireCaptcha`
 * sending `form.change`/`form.submit`/`captcha.solved`/`captcha.expired`.
 */
export function connectCredentialsForm<TField extends string>(
  snapshot: CredentialsFormSnapshot<TField>,
  send: (event: CredentialsFormEvent<TField>) => void,
): CredentialsFormApi<TField> {
  const { values, error, fieldErrors, captcha } = snapshot.context;
  return {
    values,
    error,
    errorVars: snapshot.context.errorVars ?? {},
    fieldErrors,
    isSubmitting: snapshot.matches('submitting'),
    isDone: snapshot.status === 'done',
    captcha: captchaView(captcha),
    change: (field, value) => send({ type: 'form.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
    solveCaptcha: (token) => send({ type: 'captcha.solved', token }),
    expireCaptcha: () => send({ type: 'captcha.expired' }),
  };
}
