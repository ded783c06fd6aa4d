/** @stream/core/api: the platform API client, derived from the contracts (`calls`). */
export { createApiClient, NO_REFRESH_CALLS } from './client.js';
export type {
  ApiClient,
  ApiClientEvent,
  ApiClientOptions,
  OtherHostAreas,
  PlatformCalls,
  RefreshedTokens,
} from './types.js';
export {
  ApiError,
  ContractError,
  NetworkError,
  SessionExpiredError,
  StreamError,
  isApiError,
  isContractError,
  isNetworkError,
  isRefreshRefusal,
  isSessionExpiredError,
  isStreamError,
  parseRetryAfter,
  type ContractIssue,
} from './errors.js';
export { isSignedOutError, type ApiDownload, type DownloadOptions, type ApiEventStream, type ServerSentEvent, serverSentEventParser, EVENT_STREAM_CALL } from './download.js';
export { createCardProcessor, type CardProcessor } from './processor.js';
export { createAdobeHost, type AdobeHost, type AdobeHostOptions } from './adobe.js';
