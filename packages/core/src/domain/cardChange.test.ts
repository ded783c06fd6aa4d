import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.js';
import { cardChangeFailure } from './index.js';

const apiError = (status: number, code: string, messages: string[], details?: { missingFields: string[] }) =>
  new ApiError({ call: 'cards.attachToLicence', status, code, messages, requestId: 'r1', ...(details ? { details } : {}) });

describe('cardChangeFailure', () => {
  it('maps 424 BASKET_REQUIREMENTS_FAILED to the missing fields (commerce §8)', () => {
    const error = apiError(424, 'BASKET_REQUIREMENTS_FAILED', ['Billing details are missing.'], { missingFields: ['postalCode'] });
    expect(cardChangeFailure(error)).toEqual({ kind: 'missingFields', fields: ['postalCode'] });
  });

  it('maps a 404 to notFound', () => {
    expect(cardChangeFailure(apiError(404, 'NOT_FOUND', ['No card pd_9 on this account']))).toEqual({ kind: 'notFound' });
  });

  it('follows paymentErrorMessage otherwise: table codes, server messages, the default key', () => {
    expect(cardChangeFailure(apiError(400, 'BAD_REQUEST', ['x']))).toEqual({ kind: 'key', key: 'paymentError' });
    expect(cardChangeFailure(apiError(402, 'card_declined', ['Your card was declined.']))).toEqual({
      kind: 'text',
      text: 'Your card was declined.',
    });
    expect(cardChangeFailure(new NetworkError('cards.attachToLicence', new Error('offline')))).toEqual({
      kind: 'key',
      key: 'anErrorOccured',
    });
    expect(cardChangeFailure(undefined)).toEqual({ kind: 'key', key: 'anErrorOccured' });
  });
});
