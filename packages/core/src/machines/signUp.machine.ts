import { assign, fromPromise, setup } from 'xstate';
import type { ApiClient } from '../api/types.js';
import type { LoginResponse } from '../contracts/index.js';
import { postSignInTarget, signUpFailureMessage, validateSignUpForm } from '../domain/index.js';
import type { SignUpContext, SignUpEvent, SignUpInput } from './signUp.types.js';

export type { SignUpContext, SignUpEvent, SignUpField, SignUpInput } from './signUp.types.js';

/** Input of the `signUp` actor: the body of `POST /api/v2/user` (contracts `SignUpRequest`). */
export interface SignUpActorInput {
  api: ApiClient;
  /** The email. */
  id: string;
  /** The password. */
  secret: string;
  /** The name. */
  name: string;
}

const neverKnown = (): boolean => false;

/**
 * ID sign-up (name, email, password with the main ID provider); the platform creates the account
 * and answers tokens as a login does. Implements identity-and-routes.md §2 "After sign-in
 * completion", §5 "Name and email are required" and §8 (failure messages).
 *
 * `editing` → `form.submit` with guard `formIsValid` (domain `validateSignUpForm`) → `submitting`
 * (actor `signUp` = `api.auth.signUp({ id: email, secret: password, name })`) → success: tokens
 * to the session (`session.signedIn`), `target` from `postSignInTarget(search)`, final state
 * `signedUp`; failure: back to `editing` with `error` = `signUpFailureMessage(error, isKnownKey)`
 * (409: the email is taken), values kept.
 */
export const signUpMachine = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent; input: SignUpInput },
  actors: {
    /** `api.auth.signUp`: tokens, or throws ApiError (409 CONFLICT, 400) / ContractError / NetworkError. */
    signUp: fromPromise<LoginResponse, SignUpActorInput>(({ input }) =>
      input.api.auth.signUp({ id: input.id, secret: input.secret, name: input.name }),
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
      const result = validateSignUpForm(context.values);
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
      error: signUpFailureMessage(params.error, context.env.isKnownKey ?? neverKnown),
    })),
  },
  guards: {
    /** The domain's `validateSignUpForm` accepts the values. */
    formIsValid: ({ context }) => validateSignUpForm(context.values).ok,
  },
}).createMachine({
  id: 'signUp',
  description:
    'ID sign-up with name, email and password. Submitting an invalid form stays in editing with the validation errors; a valid one calls the signUp actor. On success the tokens go to the session machine (session.signedIn) and target is set to the in-app path of identity-and-routes.md §2 "After sign-in completion"; on failure (for example 409, the email is taken) the mapped message shows and the values are kept.',
  context: ({ input }) => ({
    values: { name: '', email: '', password: '' },
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
      description: 'Loading: the account is being created.',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => ({
          api: context.env.api,
          id: context.values.email.trim(),
          secret: context.values.password,
          name: context.values.name.trim(),
        }),
        onDone: {
          target: 'signedUp',
          actions: ['setTarget', { type: 'handTokensToSession', params: ({ event }) => ({ tokens: event.output }) }],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signedUp: {
      description: 'Done: the session holds the tokens; the view navigates to target.',
      type: 'final',
    },
  },
});

/** The sign-up machine's type. */
export type SignUpMachine = typeof signUpMachine;
