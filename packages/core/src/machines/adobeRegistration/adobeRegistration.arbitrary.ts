/**
 * Test fixtures of the Adobe machines (not exported from the package, not built): a requestor
 * configuration, DCR and Primetime provider entries, API errors and a fake Adobe host.
 */
import { ApiError } from '../../api/errors.js';
import type { AdobeHost } from '../../api/adobe.js';
import type { AdobeConfig } from '../../contracts/index.js';
import { tvProviderSettings, type TvProviderSettings } from '../../domain/adobe.js';

/** A requestor with two featured operators, one other and one hidden by allowedProviders. */
export const CONFIG: AdobeConfig = {
  requestor: {
    id: 'stream',
    mvpds: [
      { id: 'acme', displayName: 'Acme TV', featured: true },
      { id: 'bolt', displayName: 'Bolt Cable' },
      { id: 'coral', displayName: 'Coral', featured: true },
      { id: 'hidden', displayName: 'Hidden' },
    ],
    channels: [{ id: 'ch1' }],
  },
};

/** An ADOBE_DCR entry whose allowedProviders hide `hidden`. */
export const DCR: TvProviderSettings = tvProviderSettings({
  name: 'ADOBE_DCR',
  requestorId: 'stream',
  resourceId: 'stream-res',
  baseUri: 'http://adobe.test/_adobe',
  softwareStatement: 'statement.jwt',
  allowedProviders: [{ name: 'acme' }, { name: 'bolt' }, { name: 'coral' }, { name: 'hidden', display: false }],
})!;
/** An ADOBE (Primetime) entry. */
export const PRIMETIME: TvProviderSettings = tvProviderSettings({ name: 'ADOBE', requestorId: 'stream', baseUri: 'http://adobe.test/_adobe' })!;

/** A platform error of `status` with message `m{status}` and request id `req-{status}`. */
export const apiError = (status: number, code = 'BAD_REQUEST') =>
  new ApiError({ call: 'adobe', status, code, messages: [`m${status}`], requestId: `req-${status}` });

/** A fake Adobe host that records its calls. */
export function fakeHost(options: { register?: () => Promise<{ client_id: string; client_secret: string }>; config?: () => Promise<AdobeConfig> } = {}) {
  const calls: string[] = [];
  let registered = 0;
  const host: AdobeHost = {
    register: async (statement) => {
      calls.push(`register:${statement}`);
      registered += 1;
      return (options.register ?? (async () => ({ client_id: `client-${registered}`, client_secret: `secret-${registered}` })))();
    },
    config: async (requestorId) => {
      calls.push(`config:${requestorId}`);
      return (options.config ?? (async () => CONFIG))();
    },
  };
  return {
    calls,
    factory: (baseUrl: string): AdobeHost => {
      if (baseUrl !== 'http://adobe.test/_adobe') throw new Error(`wrong host ${baseUrl}`);
      return host;
    },
  };
}
