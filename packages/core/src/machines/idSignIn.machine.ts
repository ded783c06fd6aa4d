import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../api/types.js';
import type { LoginResponse } from '../contracts/index.js';
import { loginFailureMessage, postSignInTarget, validateLoginForm } from '../domain/index.js';
import type { IdSignInContext, IdSignInEvent, IdSignInInput } from './idSignIn.types.js';

export type {
  IdSignInContext,
  IdSignInEvent,
  IdSignInField,
  IdSignInInput,
  SessionReceiver,
  TargetLocale,
} from './idSignIn.types.js';

/** Input of the `login` actor: the credentials of `POST /login` (§7). */
export interface LoginActorInput {
  api: ApiClient;
  /** The email. */
  id: string;
  /** The password. */
  secret: string;
}

const neverKnown = (): boolean => false;

/**
 * ID sign-in (email and password with the main ID provider). Implements identity-and-routes.md
 * §4 "ID sign-in" (submit, loading, tokens set, redirect; on error the message shows and loading
 * ends), §5 "Login form" (EMPTY_INPUTS when every field is empty) and §8 "Login failure".
 *
 * `editing` → `form.submit` with guard `formIsValid` (domain `validateLoginForm`) → `submitting`
 * (actor `login` = `api.auth.login({ id: email, secret: password })`) → on success the tokens are
 * sent to the session (`session.signedIn`), `target` is set from `postSignInTarget(search)`, and
 * the machine stops in the final state `signedIn`; on failure it returns to `editing` with
 * `error` = `loginFailureMessage(error, isKnownKey)`, values kept.
 */
export const idSignInMachine = setup({
  types: {} as { context: IdSignInContext; events: IdSignInEvent; input: IdSignInInput },
  actors: {
    /** `api.auth.login`: tokens, or throws ApiError / ContractError / NetworkError. */
    login: fromPromise<LoginResponse, LoginActorInput>(({ input }) =>
      input.api.auth.login({ id: input.id, secret: input.secret }),
    ),
  },
  actions: {
    changeValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    clearErrors: assign({ error: null, fieldErrors: {} }),
    /** Puts the domain validation's errors in the context (EMPTY_INPUTS or per field). */
    showValidationErrors: assign(({ context }) => {
      const result = validateLoginForm(context.values);
      if (result.ok) return { error: null, fieldErrors: {} };
      return 'error' in result ? { error: result.error, fieldErrors: {} } : { error: null, fieldErrors: result.fieldErrors };
    }),
    /** Hands the tokens to the session machine. */
    handTokensToSession: ({ context }, params: { tokens: LoginResponse }) => {
      context.env.session.send({ type: 'session.signedIn', tokens: params.tokens });
    },
    /** §2 "After sign-in completion": the in-app path to go to. */
    setTarget: assign(({ context }) => ({
      target: postSignInTarget(context.env.search, {
        defaultPath: context.env.defaultPath,
        locale: context.env.locale,
      }),
    })),
    showFailure: assign(({ context }, params: { error: unknown }) => ({
      error: loginFailureMessage(params.error, context.env.isKnownKey ?? neverKnown),
    })),
  },
  guards: {
    /** §5 "Login form": the domain's `validateLoginForm` accepts the values. */
    formIsValid: ({ context }) => validateLoginForm(context.values).ok,
  },
}).createMachine({
  id: 'idSignIn',
  description:
    'ID sign-in with email and password (identity-and-routes.md §4 "ID sign-in"). Submitting an invalid form stays in editing with EMPTY_INPUTS or per-field errors; a valid one calls the login actor. On success the tokens go to the session machine (session.signedIn) and target is set to the in-app path of §2 "After sign-in completion"; on failure the mapped message shows, loading ends and the values are kept.',
  context: ({ input }) => ({
    values: { email: input.email ?? '', password: '' },
    error: null,
    fieldErrors: {},
    target: null,
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
          { actions: 'showValidationErrors' },
        ],
      },
    },
    submitting: {
      description: 'Loading: the credentials are being checked.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          api: context.env.api,
          id: context.values.email.trim(),
          secret: context.values.password,
        }),
        onDone: {
          target: 'signedIn',
          actions: ['setTarget', { type: 'handTokensToSession', params: ({ event }) => ({ tokens: event.output }) }],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedIn: {
      description: 'Done: the session holds the tokens; the view navigates to target.',
      type: 'final',
    },
  },
});

/** The ID sign-in machine's type. */
export type IdSignInMachine = typeof idSignInMachine;
