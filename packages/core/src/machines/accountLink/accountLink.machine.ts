import { assign, fromPromise, setup } from 'xstate';
import type { LoginResponse } from '../../contracts/index.js';
import { loginFailureMessage } from '../../domain/loginErrors.js';
import { validateLoginForm } from '../../domain/loginForm.js';
import { accountLinkFailure } from '../../domain/social.js';
import { continueAfterSignIn, handOverToSession, signedInActions, type SignInOutput } from '../session/session.signIn.js';
import { sendSocialCredential } from '../socialSignIn/socialSignIn.machine.js';
import type {
  AccountLinkContext,
  AccountLinkEvent,
  AccountLinkInput,
  AccountLinkLinkInput,
  AccountLinkLoginInput,
} from './accountLink.types.js';

/** The generic message key of a link call that failed for another reason than a conflict. */
export const ACCOUNT_LINK_FAILED_KEY = 'anErrorOccured';

const neverKnown = () => false;

/**
 * The account-link prompt after a social sign-in answered 409 (identity-and-routes.md §2
 * "Account-link prompt after sign-in", §4 "Social sign-in", §8 "Social login 409"):
 *
 * - `prompt` (socialAccountLinkPrompt, linkAccount, enterEmailBelow with the ID sign-in form and
 *   Skip): `form.change`; `form.submit` with guard `formIsValid` (domain `validateLoginForm`) →
 *   `signingIn`, else the EMPTY_INPUTS or per-field errors; `skip` → `skipped` (final: nothing
 *   is linked, the view goes back to the login page).
 * - `signingIn`: actor `login` (`api.auth.login`) → `linking` with the ID account's tokens; a
 *   failure → `prompt` with `loginFailureMessage`.
 * - `linking`: actor `link` sends the provider's credential again with the ID account's bearer
 *   (`sendSocialCredential`) → `linked` (final, output `{ tokens }`: the answered tokens go to
 *   the session with the sign-in query, and the session goes to its §2 "After sign-in
 *   completion" target); a 409 (domain `accountLinkFailure`) → `cannotLink` (the ID account's
 *   tokens go to the session without a target: the viewer is signed in, unlinked, and stays on
 *   the prompt); another failure → `prompt` with `anErrorOccured`.
 * - `cannotLink` (cannotLinkAccount with Logout and Continue): `logout` → `loggedOut` (final;
 *   `session.logout`); `continue` → `continued` (final, output `{ tokens }` of the ID account;
 *   `session.afterSignIn`: the session goes to the §2 target).
 */
export const accountLinkMachine = setup({
  types: {} as { context: AccountLinkContext; events: AccountLinkEvent; input: AccountLinkInput; output: SignInOutput | null },
  actors: {
    /** `api.auth.login({ body: { id, secret } })`: the ID account's tokens. */
    login: fromPromise<LoginResponse, AccountLinkLoginInput>(({ input }) =>
      input.api.auth.login({ body: { id: input.id, secret: input.secret } }),
    ),
    /** The social call again, with the ID account's bearer: the platform links and answers tokens. */
    link: fromPromise<LoginResponse, AccountLinkLinkInput>(({ input }) => sendSocialCredential(input.api, input.provider, input.credential, input.bearer)),
  },
  guards: {
    formIsValid: ({ context }) => validateLoginForm(context.values).ok,
    cannotLink: (_, params: { error: unknown }) => accountLinkFailure(params.error) === 'cannotLink',
  },
  actions: {
    changeValue: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors, error: null };
    }),
    showValidationErrors: assign(({ context }) => {
      const result = validateLoginForm(context.values);
      if (result.ok) return { error: null, fieldErrors: {} };
      return 'error' in result ? { error: result.error, fieldErrors: {} } : { error: null, fieldErrors: result.fieldErrors };
    }),
    clearErrors: assign({ error: null, fieldErrors: {} }),
    keepIdTokens: assign((_, params: { tokens: LoginResponse }) => ({ idTokens: params.tokens })),
    showLoginFailure: assign(({ context }, params: { error: unknown }) => ({
      error: loginFailureMessage(params.error, context.env.isKnownKey ?? neverKnown),
      idTokens: null,
    })),
    showLinkFailure: assign({ error: ACCOUNT_LINK_FAILED_KEY, idTokens: null }),
    /** Keeps what the sign-in produced: the machine's output once it ends signed in. */
    keepSignIn: assign((_, params: SignInOutput) => ({ signedIn: params })),
    /** The viewer signed out instead: nothing to output. */
    forgetSignIn: assign({ signedIn: null }),
    handOverToSession,
    continueAfterSignIn,
    forgetIdTokens: assign({ idTokens: null }),
    logout: ({ context }) => context.env.session.send({ type: 'session.logout' }),
  },
}).createMachine({
  id: 'accountLink',
  description:
    'The account-link prompt after a social sign-in answered 409 (identity §2 "Account-link prompt after sign-in"): sign in with the ID account, then send the provider credential again with its bearer so the platform links them; Skip links nothing; a conflict on linking shows cannotLinkAccount with Logout and Continue (signed in with the ID account).',
  context: ({ input }) => ({
    values: { email: input.email ?? '', password: '' },
    error: null,
    fieldErrors: {},
    idTokens: null,
    signedIn: null,
    env: input,
  }),
  output: ({ context }) => context.signedIn,
  initial: 'prompt',
  states: {
    prompt: {
      description: 'socialAccountLinkPrompt, linkAccount and enterEmailBelow with the ID sign-in form and Skip.',
      on: {
        'form.change': { actions: 'changeValue' },
        'form.submit': [{ guard: 'formIsValid', target: 'signingIn', actions: 'clearErrors' }, { actions: 'showValidationErrors' }],
        skip: { target: 'skipped' },
      },
    },
    signingIn: {
      description: 'Signing in with the ID account (POST /login).',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ api: context.env.api, id: context.values.email.trim(), secret: context.values.password }),
        onDone: { target: 'linking', actions: { type: 'keepIdTokens', params: ({ event }) => ({ tokens: event.output }) } },
        onError: { target: 'prompt', actions: { type: 'showLoginFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    linking: {
      description: "Linking: the provider's credential again with the ID account's bearer.",
      invoke: {
        id: 'link',
        src: 'link',
        input: ({ context }) => ({ api: context.env.api, provider: context.env.provider, credential: context.env.credential, bearer: context.idTokens?.authorisationToken ?? '' }),
        onDone: {
          target: 'linked',
          actions: ['forgetIdTokens', ...signedInActions((context: AccountLinkContext) => ({ search: context.env.search }))],
        },
        onError: [
          {
            guard: { type: 'cannotLink', params: ({ event }) => ({ error: event.error }) },
            target: 'cannotLink',
            // Signed in with the ID account, unlinked: the prompt stays (Continue or Logout).
            actions: [
              { type: 'keepSignIn', params: ({ context }) => ({ tokens: context.idTokens! }) },
              { type: 'handOverToSession', params: ({ context }) => ({ tokens: context.idTokens! }) },
              'forgetIdTokens',
            ],
          },
          { target: 'prompt', actions: 'showLinkFailure' },
        ],
      },
    },
    cannotLink: {
      description: 'cannotLinkAccount with Logout and Continue; signed in with the ID account, nothing linked.',
      on: {
        logout: { target: 'loggedOut', actions: ['logout', 'forgetSignIn'] },
        continue: { target: 'continued', actions: { type: 'continueAfterSignIn', params: ({ context }) => ({ search: context.env.search }) } },
      },
    },
    linked: { type: 'final', description: 'Linked and signed in; the session takes the viewer to the target of §2 "After sign-in completion".' },
    skipped: { type: 'final', description: 'Nothing linked; the view goes back to the login page.' },
    loggedOut: { type: 'final', description: 'Signed out after cannotLinkAccount.' },
    continued: { type: 'final', description: 'Signed in with the ID account without the link; the session takes the viewer to the §2 target.' },
  },
});

/** The accountLink machine's type. */
export type AccountLinkMachine = typeof accountLinkMachine;
