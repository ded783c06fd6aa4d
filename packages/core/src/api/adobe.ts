import { createFetch } from 'ofetch';
import { safeParse } from 'zod/v4/core';
import type * as zc from 'zod/v4/core';
import {
  adobeRegcode,
  adobeRegcodeV3,
  adobeRegisterClient,
  adobeRequestorConfig,
  adobeToken,
  adobeUserToken,
  confirmDevicePin,
  createDevicePin,
  entitlementSync,
  externalLicenceToken,
  pollDevicePin,
  type AdobeClientRegistration,
  type AdobeConfig,
} from '../contracts/adobe.js';
import type { CallContract } from '../contracts/define.js';
import { platformErrorSchema } from '../contracts/error.js';
import { ApiError, ContractError, NetworkError } from './errors.js';
import type { ApiClient, HttpApiClient } from './types.js';

/**
 * Adobe Pass calls of the platform (identity-and-routes.md §7): `user` (`POST /api/v2/user/adobe`),
 * `token` (`POST /api/v3/adobe/token`), `regcode` (`POST /api/v2/adobe/{requestorId}/regcode`, empty
 * body, bearer when signed in), `regcodeV3` (`POST /api/v3/adobe/regcode`) and `entitlementSync`
 * (`POST /api/v1/entitlement-sync`, bearer required). Errors: `ApiError` (400 and 412 are the
 * ones the flows act on), `ContractError`, `NetworkError`.
 */
export function adobeEndpoints(request: HttpApiClient['request']): ApiClient['adobe'] {
  return {
    user: (body) => request(adobeUserToken, { body }),
    token: (body) => request(adobeToken, { body }),
    regcode: (requestorId) => request(adobeRegcode, { params: { requestorId } }),
    regcodeV3: (body) => request(adobeRegcodeV3, { body }),
    entitlementSync: (refreshToken) => request(entitlementSync, { body: { refreshToken } }),
  };
}

/**
 * The device PIN login of TV_LOGIN (this project's calls, docs/api.md "Adobe Pass and TV"):
 * `createPin` (`POST /api/v2/device/pin {}`, the TV), `pollPin(anchor)` (`POST
 * /api/v2/device/pin/poll { anchor }`, the TV; the anchor never goes in a path) and `confirmPin(pin)` (`POST /api/v2/device/pin/confirm
 * { pin }`, the signed-in viewer's bearer). Errors: `ApiError` (404 unknown PIN or anchor, 401/403
 * on confirm without a signed-in session), `ContractError` (a malformed PIN is not sent), `NetworkError`.
 */
export function tvDeviceEndpoints(request: HttpApiClient['request']): ApiClient['tvDevice'] {
  return {
    createPin: () => request(createDevicePin, { body: {} }),
    pollPin: (anchor) => request(pollDevicePin, { body: { anchor } }),
    confirmPin: (pin) => request(confirmDevicePin, { body: { pin } }),
  };
}

/**
 * The external licence provider's token call of the LICENCE_REDIRECT page (identity-and-routes.md
 * §7; the route is this project's `/api/v2/external-licence`): `token(code)` sends
 * `{ authorisationCode: code }` without a bearer and answers `{ licenceIds?, redirectTo? }`.
 */
export function externalLicenceEndpoints(request: HttpApiClient['request']): ApiClient['externalLicence'] {
  return { token: (authorisationCode) => request(externalLicenceToken, { body: { authorisationCode } }) };
}

/** The Adobe host a TV provider entry names (its `baseUri`): the calls the browser makes to Adobe itself. */
export interface AdobeHost {
  /**
   * `POST {baseUri}/o/client/register { software_statement }`: the DCR client `{ client_id,
   * client_secret }` (identity-and-routes.md §7). Never logs the statement or the secret.
   */
  register(softwareStatement: string): Promise<AdobeClientRegistration>;
  /** `GET {baseUri}/api/v1/config/{requestorId}`: the requestor with its mvpds and channels (§7). */
  config(requestorId: string): Promise<AdobeConfig>;
}

/** Options of {@link createAdobeHost}. */
export interface AdobeHostOptions {
  /** The TV provider entry's `baseUri` (the sandbox's emulation is `<sandbox>/_adobe`). */
  baseUrl: string;
  /** Fetch implementation. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

function issuesOf(error: { issues: readonly zc.$ZodIssue[] }) {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * A client of the Adobe host at `baseUrl`, modelled on `createCardProcessor`: another base than
 * the platform's, no realm, API key, device id or bearer; `accept` and `content-type` JSON. Bodies
 * are checked with the contract before sending (`ContractError`, nothing sent), answers after.
 * Errors: `ApiError` (non-2xx; the platform error shape when Adobe sends one, else code
 * `UNKNOWN`), `ContractError`, `NetworkError` (no answer, or a `baseUrl` that is not http(s)).
 */
export function createAdobeHost(options: AdobeHostOptions): AdobeHost {
  const $fetch = createFetch({ fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init) });

  async function call<C extends CallContract>(
    contract: C,
    input: { params?: Record<string, string>; body?: unknown },
  ): Promise<zc.output<C['response']>> {
    let body: unknown;
    if (contract.body) {
      const checked = safeParse(contract.body, input.body);
      if (!checked.success) throw new ContractError({ call: contract.name, direction: 'request', issues: issuesOf(checked.error) });
      body = checked.data;
    }
    const missing: string[] = [];
    const path = contract.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      const value = input.params?.[name];
      if (!value) missing.push(name);
      return encodeURIComponent(value ?? '');
    });
    if (missing.length > 0) {
      throw new ContractError({ call: contract.name, direction: 'request', issues: missing.map((name) => ({ path: `params.${name}`, message: 'Missing path parameter' })) });
    }
    if (!/^https?:\/\//i.test(options.baseUrl)) throw new NetworkError(contract.name, new Error('The Adobe host is not an http(s) address'));
    let response;
    try {
      response = await $fetch.raw<unknown>(path, {
        baseURL: options.baseUrl,
        method: contract.method,
        body: body as Record<string, unknown> | undefined,
        headers: { accept: 'application/json' },
        ignoreResponseError: true,
        retry: false,
      });
    } catch (error) {
      // Not the fetch library's error: it holds the request options (the software statement).
      throw new NetworkError(contract.name, new Error(error instanceof Error ? error.message : 'fetch failed'));
    }
    if (response.status < 200 || response.status >= 300) {
      const failure = safeParse(platformErrorSchema, response._data);
      throw new ApiError({
        call: contract.name,
        status: response.status,
        code: failure.success ? failure.data.code : 'UNKNOWN',
        messages: failure.success ? failure.data.messages : [],
        requestId: failure.success ? failure.data.requestId : (response.headers.get('x-request-id') ?? undefined),
      });
    }
    const answer = safeParse(contract.response, response._data);
    if (!answer.success) throw new ContractError({ call: contract.name, direction: 'response', issues: issuesOf(answer.error) });
    return answer.data as zc.output<C['response']>;
  }

  return {
    register: (softwareStatement) => call(adobeRegisterClient, { body: { software_statement: softwareStatement } }),
    config: (requestorId) => call(adobeRequestorConfig, { params: { requestorId } }),
  };
}
