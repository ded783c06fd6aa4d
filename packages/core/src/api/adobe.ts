import { safeParse } from 'zod/v4/core';
import type * as zc from 'zod/v4/core';
import { adobeHostCalls, type AdobeClientRegistration, type AdobeConfig } from '../contracts/adobe.js';
import type { CallContract } from '../contracts/define.js';
import { platformErrorSchema } from '../contracts/error.js';
import { ApiError, ContractError, NetworkError } from './errors.js';
import { bodyOf, joinUrl, sendRequest } from './http.js';

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
    // The failure keeps only its message: the request holds the software statement.
    const response = await sendRequest(
      contract.name,
      joinUrl(options.baseUrl, path),
      {
        method: contract.method,
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { fetch: options.fetch, opaqueFailure: true },
    );
    const data = bodyOf(response.text);
    if (response.status < 200 || response.status >= 300) {
      const failure = safeParse(platformErrorSchema, data);
      throw new ApiError({
        call: contract.name,
        status: response.status,
        code: failure.success ? failure.data.code : 'UNKNOWN',
        messages: failure.success ? failure.data.messages : [],
        requestId: failure.success ? failure.data.requestId : (response.headers.get('x-request-id') ?? undefined),
      });
    }
    const answer = safeParse(contract.response, data);
    if (!answer.success) throw new ContractError({ call: contract.name, direction: 'response', issues: issuesOf(answer.error) });
    return answer.data as zc.output<C['response']>;
  }

  return {
    register: (softwareStatement) => call(adobeHostCalls.register, { body: { software_statement: softwareStatement } }),
    config: (requestorId) => call(adobeHostCalls.config, { params: { requestorId } }),
  };
}
