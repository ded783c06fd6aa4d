import { getLinkedAccounts, signInWithApple, signInWithFacebook, signInWithGoogle, unlinkAccount } from '../contracts/social.js';
import type { ApiClient, HttpApiClient, SocialCallOptions } from './types.js';

/** The `Authorization` header of the conflict case (an ID account's bearer), or none. */
function bearerHeader(options: SocialCallOptions | undefined): Record<string, string> | undefined {
  return options?.bearer ? { Authorization: `Bearer ${options.bearer}` } : undefined;
}

/**
 * Apple, Google and Facebook sign-in, and the account's linked providers (identity-and-routes.md
 * §4 "Social sign-in", §7; docs/api.md "Social sign-in"). The sign-in calls are sent without the
 * session's bearer; `options.bearer` (the ID account's token in the conflict case) is sent as
 * `Authorization` so that the platform links the provider to that account. Errors: `ApiError`
 * (409 `CONFLICT` with `details { provider, email }` when an ID account has the email; 409
 * `cannotLinkAccount`; 400 refused credential; 401 without a session on the account calls; 404
 * unknown link), `ContractError`, `NetworkError`.
 */
export function socialEndpoints(request: HttpApiClient['request']): ApiClient['social'] {
  return {
    apple: (body, options) => request(signInWithApple, { body, headers: bearerHeader(options) }),
    facebook: (body, options) => request(signInWithFacebook, { body, headers: bearerHeader(options) }),
    google: (body, options) => request(signInWithGoogle, { body, headers: bearerHeader(options) }),
    linkedAccounts: () => request(getLinkedAccounts),
    unlink: (provider) => request(unlinkAccount, { params: { provider } }),
  };
}
