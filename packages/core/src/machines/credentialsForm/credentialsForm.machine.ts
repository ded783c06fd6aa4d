import { assign, setup } from 'xstate';
import type {
  ActorRefFromLogic,
  EventObject,
  MetaObject,
  NonReducibleUnknown,
  PromiseActorLogic,
  StateMachine,
} from 'xstate';
import type { LoginResponse } from '../../contracts/index.js';
import { captchaHeaders, captchaReady, captchaReducer, errorMessageVars, initialCaptchaFlags, isCaptchaFailure } from '../../domain/index.js';
import type { FormValidationResult } from '../../domain/index.js';
import { handOverToSession, type SignInHandOver, type SignInOutput } from '../session/session.signIn.js';
import type { CredentialsFormContext, CredentialsFormEvent, CredentialsFormInput } from './credentialsForm.types.js';

/** Logic of a credentials form's submit actor: resolves to the platform's tokens. */
export type CredentialsSubmitLogic<TActorInput> = PromiseActorLogic<LoginResponse, TActorInput>;

/**
 * The types that make one credentials form flow, for example for ID sign-in
 * `{ id: 'idSignIn'; field: 'email' | 'password'; input: IdSignInInput; actorName: 'login';
 * actorInput: LoginActorInput; finalState: 'signedIn' }`.
 */
export interface CredentialsFormTypes {
  /** Machine id. */
  id: string;
  /** Names of the form's fields. */
  field: string;
  /** Input of the machine. */
  input: CredentialsFormInput;
  /** Name of the submit actor, also its invoke id. */
  actorName: string;
  /** Input of the submit actor. */
  actorInput: unknown;
  /** Name of the final state. */
  finalState: string;
}

/** The named actor a credentials form invokes in `submitting`. */
export interface CredentialsFormSubmit<T extends CredentialsFormTypes> {
  /** Actor name, also its invoke id (`login`, `signUp`); tests replace it with `.provide({ actors })`. */
  name: T['actorName'];
  /** The platform call: resolves to the tokens, or rejects (ApiError, ContractError, NetworkError). */
  logic: CredentialsSubmitLogic<T['actorInput']>;
  /**
   * The actor's input, from the form values (as typed, not trimmed), the machine's input and the
   * headers of a captcha-guarded call (`{ 'X-Captcha-Token': token }` when the input's
   * `captchaRequired` is true, else `{}`: domain `captchaHeaders`).
   */
  input: (
    values: Readonly<Record<NoInfer<T['field']>, string>>,
    env: NoInfer<T['input']>,
    captchaHeaders: Readonly<Record<string, string>>,
  ) => NoInfer<T['actorInput']>;
  /** Description of the `submitting` state (docs/flows), for example "Loading: the credentials are being checked." */
  description: string;
}

/** Options of {@link createCredentialsFormMachine}. */
export interface CredentialsFormOptions<T extends CredentialsFormTypes> {
  /** Machine id (`idSignIn`, `signUp`). */
  id: T['id'];
  /** Machine description, shown in docs/flows. */
  description: string;
  /** The form's fields in display order; each starts as `''` unless `initialValues` gives it a value. */
  fields: readonly T['field'][];
  /** Initial values taken from the input (for example a prefilled email). @default () => ({}) */
  initialValues?: (input: T['input']) => Partial<Record<NoInfer<T['field']>, string | undefined>>;
  /** The domain validator of the values: ok, `EMPTY_INPUTS`, or message keys per field. */
  validate: (values: Record<NoInfer<T['field']>, string>) => FormValidationResult;
  /** The named actor that calls the platform. */
  submit: CredentialsFormSubmit<T>;
  /** The domain mapper of a failure to a message key (`loginFailureMessage`, `signUpFailureMessage`). */
  failureMessage: (error: unknown, isKnownKey: (key: string) => boolean) => string;
  /** Name of the final state (`signedIn`, `signedUp`). */
  finalState: T['finalState'];
}

/** The named actions of every credentials form machine, with their params. */
export type CredentialsFormAction =
  | { type: 'changeValue'; params: NonReducibleUnknown }
  | { type: 'clearErrors'; params: NonReducibleUnknown }
  | { type: 'showValidationErrors'; params: NonReducibleUnknown }
  | { type: 'keepSignIn'; params: SignInOutput }
  | { type: 'handOverToSession'; params: SignInHandOver }
  | { type: 'showFailure'; params: { error: unknown } }
  | { type: 'captchaChange'; params: NonReducibleUnknown }
  | { type: 'askForCaptcha'; params: NonReducibleUnknown }
  | { type: 'spendCaptcha'; params: { error?: unknown } };

/**
 * The type of a machine built by {@link createCredentialsFormMachine}: what `setup(…).createMachine`
 * would infer for the same flow written out by hand (context, events, the named actor, actions,
 * the `formIsValid` guard, state values `editing | submitting | T['finalState']`, input `T['input']`,
 * output {@link SignInOutput}, or null when stopped before the end).
 */
export type CredentialsFormMachine<T extends CredentialsFormTypes> = StateMachine<
  CredentialsFormContext<T['field'], T['input']>,
  CredentialsFormEvent<T['field']>,
  Record<string, ActorRefFromLogic<CredentialsSubmitLogic<T['actorInput']>> | undefined>,
  { src: T['actorName']; logic: CredentialsSubmitLogic<T['actorInput']>; id: string | undefined },
  CredentialsFormAction,
  { type: 'formIsValid'; params: unknown } | { type: 'valuesAreValid'; params: unknown },
  never,
  'editing' | 'submitting' | T['finalState'],
  string,
  T['input'],
  SignInOutput | null,
  EventObject,
  MetaObject,
  { id: T['id']; states: { readonly editing: {}; readonly submitting: {} } & { readonly [K in T['finalState']]: {} } },
  MetaObject
>;

const neverKnown = (): boolean => false;

/** The {@link CredentialsFormTypes} named by the factory's type parameters (in the same order). */
type FlowOf<TId, TField, TInput, TActorName, TActorInput, TFinalState> = {
  id: TId;
  field: TField;
  input: TInput;
  actorName: TActorName;
  actorInput: TActorInput;
  finalState: TFinalState;
};

/**
 * Builds the machine of a form that trades credentials for tokens (ID sign-in, sign-up, and
 * later magic link, password reset, Firebase email sign-in). Implements identity-and-routes.md
 * §4 "ID sign-in" (submit, loading, tokens set, redirect; on error the message shows and loading
 * ends), §5 "Login form" (validation before any call) and §2 "After sign-in completion".
 *
 * Returns a {@link CredentialsFormMachine}: context {@link CredentialsFormContext}
 * (`values: Record<TField, string>`, `error` and `fieldErrors` as message keys, `signedIn`, `env` =
 * the input), events {@link CredentialsFormEvent} (`form.change { field, value }`,
 * `form.submit`), input `TInput` ({@link CredentialsFormInput} and the flow's own fields), output
 * {@link SignInOutput} `{ tokens }`:
 *
 * - `editing`: `form.change` sets one value and clears that field's error (`changeValue`);
 *   `form.submit` with guard `formIsValid` (`options.validate` is ok) → `submitting`
 *   (`clearErrors`), else stays with `EMPTY_INPUTS` or the per-field keys (`showValidationErrors`).
 * - `submitting`: invokes the actor `options.submit.name` (invoke id the same) with
 *   `options.submit.input(values, input)`. Done → `keepSignIn` (the output) and
 *   `handOverToSession` (`session.signedIn { tokens, afterSignIn: { search } }`: the session
 *   stores the tokens and goes to the §2 target; no `afterSignIn` when `embedded`) → the final
 *   state `options.finalState`.
 *   Error → `editing` with `error = options.failureMessage(error, isKnownKey ?? () => false)`
 *   (`showFailure`), values kept.
 *
 * - Captcha (issue 18; commerce §3 app-state captcha flags, §8 `captchaFailed`): `context.captcha`
 *   (domain `CaptchaFlags`, `required` from the input's `captchaRequired`). In `editing`,
 *   `captcha.solved { token }` / `captcha.expired` update it; `form.submit` with valid values but
 *   no solved challenge calls nothing and sets the flags' `prompt` (the view asks for a solve;
 *   `captchaFailed` is only for a platform refusal); the submit actor's input gets the
 *   `X-Captcha-Token` header; once the call answers, the token is spent (single-use) whatever
 *   the answer, so a retry after any failure (409 email in use, 400…) needs a fresh solve, and a
 *   refusal (`CAPTCHA_FAIL_ERROR`) sets `failed` (the view shows `captchaFailed` and a fresh
 *   challenge).
 *
 * Never throws; a failing actor ends up as the `error` message key.
 */
export function createCredentialsFormMachine<
  const TId extends string,
  const TField extends string,
  TInput extends CredentialsFormInput,
  const TActorName extends string,
  TActorInput,
  const TFinalState extends string,
>(
  options: CredentialsFormOptions<FlowOf<TId, TField, TInput, TActorName, TActorInput, TFinalState>>,
): CredentialsFormMachine<FlowOf<TId, TField, TInput, TActorName, TActorInput, TFinalState>> {
  const { id, description, fields, initialValues, validate, submit, failureMessage, finalState } = options;
  type Context = CredentialsFormContext<TField, TInput>;
  const machine = setup({
    types: {} as { context: Context; events: CredentialsFormEvent<TField>; input: TInput },
    actors: { [submit.name]: submit.logic } as Record<string, CredentialsSubmitLogic<TActorInput>>,
    actions: {
      changeValue: assign(({ context, event }) => {
        if (event.type !== 'form.change') return {};
        const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
        return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
      }),
      clearErrors: assign({ error: null, errorVars: {}, fieldErrors: {} }),
      /** Puts the domain validation's errors in the context (EMPTY_INPUTS or per field). */
      showValidationErrors: assign(({ context }) => {
        const result = validate(context.values);
        if (result.ok) return { error: null, errorVars: {}, fieldErrors: {} };
        return 'error' in result
          ? { error: result.error, errorVars: {}, fieldErrors: {} }
          : { error: null, errorVars: {}, fieldErrors: result.fieldErrors };
      }),
      /** Keeps what the sign-in produced: the machine's output. */
      keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params })),
      handOverToSession,
      showFailure: assign(({ context }, params: { error: unknown }) => ({
        error: failureMessage(params.error, context.env.isKnownKey ?? neverKnown),
        // The wait of a throttled attempt (429 TOO_MANY_ATTEMPTS) fills the message's `{seconds}`.
        errorVars: errorMessageVars(params.error),
      })),
      /** The widget's `captcha.solved` / `captcha.expired` (domain `captchaReducer`). */
      captchaChange: assign(({ context, event }) =>
        event.type === 'captcha.solved' || event.type === 'captcha.expired' ? { captcha: captchaReducer(context.captcha, event) } : {},
      ),
      /**
       * Sent without a solved challenge (none yet, or the last one spent by a failed call): nothing
       * is called; the flags' `prompt` asks for a solve at the widget (never `captchaFailed`, which
       * only a platform refusal shows); the last attempt's messages go.
       */
      askForCaptcha: assign(({ context }) => ({
        captcha: captchaReducer(context.captcha, { type: 'captcha.missing' }),
        error: null,
        errorVars: {},
        fieldErrors: {},
      })),
      /** The call was sent: its token is spent (single-use); a refusal by the platform sets `failed`. */
      spendCaptcha: assign(({ context }, params: { error?: unknown }) => ({
        captcha: captchaReducer(context.captcha, { type: isCaptchaFailure(params.error) ? 'captcha.refused' : 'captcha.spent' }),
      })),
    },
    guards: {
      /** The domain validator (`options.validate`) accepts the values and the captcha, when required, is solved. */
      formIsValid: ({ context }) => validate(context.values).ok && captchaReady(context.captcha),
      /** The values are valid (the captcha is what is missing). */
      valuesAreValid: ({ context }) => validate(context.values).ok,
    },
  }).createMachine({
    id,
    description,
    context: ({ input }) => ({
      values: initialValuesOf(fields, initialValues?.(input) ?? {}),
      error: null,
      errorVars: {},
      fieldErrors: {},
      signedIn: null,
      captcha: initialCaptchaFlags(input.captchaRequired === true),
      env: input,
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The form is shown; errors of the last attempt, if any, are in the context.',
        on: {
          'form.change': { actions: 'changeValue' },
          'form.submit': [
            { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
            { guard: 'valuesAreValid', actions: 'askForCaptcha' },
            { actions: 'showValidationErrors' },
          ],
          'captcha.solved': { actions: 'captchaChange' },
          'captcha.expired': { actions: 'captchaChange' },
        },
      },
      submitting: {
        description: submit.description,
        invoke: {
          id: submit.name,
          src: submit.name,
          input: ({ context }) => submit.input(context.values, context.env, captchaHeaders(context.captcha)),
          onDone: {
            target: finalState,
            actions: [
              { type: 'spendCaptcha', params: {} },
              { type: 'keepSignIn', params: ({ event }) => ({ tokens: event.output }) },
              {
                type: 'handOverToSession',
                params: ({ context, event }) => ({
                  tokens: event.output,
                  afterSignIn: context.env.embedded ? undefined : { search: context.env.search },
                }),
              },
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              { type: 'spendCaptcha', params: ({ event }) => ({ error: event.error }) },
              { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        },
      },
      [finalState]: {
        description: 'Done: the session holds the tokens and takes the viewer on (unless the form is embedded in another flow).',
        type: 'final',
      },
    },
    output: ({ context }) => context.signedIn,
  });
  // The names of the actor and of the final state are type parameters, which XState's inference
  // cannot follow through the config; the machine is exactly the one the declared type describes.
  return machine as unknown as CredentialsFormMachine<FlowOf<TId, TField, TInput, TActorName, TActorInput, TFinalState>>;
}

/** `''` for every field, except those `given` has a value for. */
function initialValuesOf<TField extends string>(
  fields: readonly TField[],
  given: Partial<Record<TField, string | undefined>>,
): Record<TField, string> {
  return Object.fromEntries(fields.map((field) => [field, given[field] ?? ''])) as Record<TField, string>;
}
