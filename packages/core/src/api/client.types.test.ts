/**
 * Type tests of the derived client (checked by `tsc`, which type-checks the tests; vitest runs the
 * `it` blocks, where `expectTypeOf` does nothing at run time). A required `params`, `body` or
 * header is a compile error when left out; a method resolves with its `response` schema's output
 * type; an area missing from the area sources is a compile error.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type * as zc from 'zod/v4/core';
import { calls, type Calls } from '../contracts/index.js';
import type { CallInput, CallOptions, CallOutput, PathParamNames } from '../contracts/define.js';
import type { AreaSources } from './areas.js';
import type { ApiClient, RefreshedTokens } from './types.js';

/** Never called: its lines only have to compile (or fail to, where marked). */
function compileOnly(api: ApiClient, key: string, sources: AreaSources): void {
  // Nothing required: no argument.
  void api.licences.mine();
  void api.auth.guestCheckin();
  // @ts-expect-error: params.id is required
  void api.licences.pause();
  // @ts-expect-error: params is required, a body alone is not enough
  void api.licences.pause({ body: {} });
  void api.licences.pause({ params: { id: 'lic-1' } });
  void api.licences.pause({ params: { id: 'lic-1' }, body: { config: { resumeAfter: '2030-01-01T00:00:00Z' } } });
  // @ts-expect-error: the body's secret is required
  void api.auth.login({ body: { id: 'a@b.c' } });
  // @ts-expect-error: the body is required
  void api.auth.login({});
  const body = { paymentArrangement: { primaryPaymentDetailsAttributes: { targetPaymentProvider: 'CARDS', paymentMethodType: 'CARD' } } };
  // @ts-expect-error: pay requires the Idempotency-Key header
  void api.baskets.pay({ params: { id: 'b-1' }, body });
  // @ts-expect-error: the header's name is Idempotency-Key
  void api.baskets.pay({ params: { id: 'b-1' }, body, headers: { 'Idempotency-Keys': key } });
  void api.baskets.pay({ params: { id: 'b-1' }, body, headers: { 'Idempotency-Key': key }, query: { acknowledgeNoFreeTrial: 'true' } });
  // @ts-expect-error: the query flag is the string 'true' or 'false'
  void api.baskets.put({ params: { id: '101' }, query: { acknowledgeNoFreeTrial: true } });
  // @ts-expect-error: a params name the path does not have
  void api.cards.remove({ params: { id: 'c1' } });
  // @ts-expect-error: a params schema gives the values' type (a voucher code is a string)
  void api.vouchers.add({ params: { code: 42 } });
  // Another host's areas are not the platform's.
  // @ts-expect-error: no processor area on the platform client
  void api.processor;
  // @ts-expect-error: the raw refresh call is auth.tokenRefresh; the single-flight one is api.refresh
  void api.auth.refresh;
  // request: the same input rules for any contract.
  // @ts-expect-error: the login contract's body is required
  void api.request(calls.auth.login);
  void api.request(calls.auth.guestCheckin);
  // Every area has a source.
  // @ts-expect-error: an area of calls missing from the sources
  const missing: AreaSources = { auth: sources.auth, labels: sources.labels };
  void missing;
}

describe('the derived client types', () => {
  it('resolves with the output type of the response schema', () => {
    expectTypeOf<ReturnType<ApiClient['licences']['mine']>>().resolves.toEqualTypeOf<zc.output<Calls['licences']['mine']['response']>>();
    expectTypeOf<ReturnType<ApiClient['baskets']['pay']>>().resolves.toEqualTypeOf<CallOutput<Calls['baskets']['pay']>>();
    expectTypeOf<Awaited<ReturnType<ApiClient['baskets']['pay']>>['status']>().toEqualTypeOf<'SUCCEEDED' | 'REQUIRES_ACTION' | 'PENDING' | 'FAILED'>();
    expectTypeOf<ReturnType<ApiClient['request']>>().toEqualTypeOf<Promise<unknown>>();
    expectTypeOf<ReturnType<ApiClient['refresh']>>().resolves.toEqualTypeOf<RefreshedTokens>();
    expectTypeOf(compileOnly).toBeFunction();
  });

  it('derives the input from the contract: params from the path, body, query and headers from the schemas', () => {
    expectTypeOf<PathParamNames<'/api/v2/licences/:licenceId/card/:cardId'>>().toEqualTypeOf<'licenceId' | 'cardId'>();
    expectTypeOf<PathParamNames<'/api/v2/customer/baskets/pay/'>>().toEqualTypeOf<never>();
    expectTypeOf<CallInput<Calls['licences']['pause']>['params']>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<CallInput<Calls['vouchers']['add']>['params']>().toEqualTypeOf<{ code: string }>();
    expectTypeOf<CallInput<Calls['baskets']['pay']>['headers']['Idempotency-Key']>().toEqualTypeOf<string>();
    expectTypeOf<CallInput<Calls['auth']['login']>['body']>().toEqualTypeOf<{ id: string; secret: string }>();
    expectTypeOf<Parameters<ApiClient['licences']['mine']>>().toEqualTypeOf<[input?: CallInput<Calls['licences']['mine']>, options?: CallOptions]>();
  });
});
