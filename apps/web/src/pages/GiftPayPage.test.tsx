// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@stream/core/api';
import type { Gift, LoginResponse } from '@stream/core/contracts';
import { buildPath } from '@stream/core/domain';
import { renderRoute } from '../app/testRender';
import { jwt, testServices } from '../app/testServices';
import { clearTabGift, readTabGift, saveGiftDraft } from '../gifts/giftDraft';
import GiftPayPage from './GiftPayPage';

/**
 * GIFT_PAY's gift (issue 18): the tab's draft, a gift named in the address read from the platform
 * (`gifts.get`: an UNPAID one is paid here, a paid one opens GIFT, another account's is not
 * found), or nothing (back to GIFT_LIST, which says so).
 */

const USER: LoginResponse = { authorisationToken: jwt('user-1', false), refreshToken: 'r-user' };
const GUEST: LoginResponse = { authorisationToken: jwt('guest-1', true), refreshToken: 'r-guest' };
const GIFT_ID = 'a0a0a0a0-0000-4000-8000-000000000001';
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const gift = (status: Gift['status']): Gift => ({
  giftId: GIFT_ID,
  status,
  licenceId: '102',
  licenceName: 'Sports Premium',
  months: 3,
  recipientName: 'Sam',
  recipientEmail: 'sam@example.com',
  deliveryDate: tomorrow,
  price: { amount: 3897, currency: 'GBP', scale: 2 },
  createdAt: new Date().toISOString(),
  canResend: false,
  canCancel: false,
});

/** A platform whose `gifts.get` answers `answer` (a gift, or an error to throw); every other call never answers (the journey keeps loading). */
function fakeApi(answer: Gift | Error | null) {
  const get = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const pending = () => new Promise(() => undefined);
  const known: Record<string, unknown> = {
    auth: { guestCheckin: async () => GUEST },
    gifts: { get },
    subscribe: () => () => undefined,
  };
  const api = new Proxy(known, {
    get: (target, area: string) => target[area] ?? new Proxy({}, { get: () => pending }),
  }) as unknown as ApiClient;
  return { api, get };
}

function open(path: string, answer: Gift | Error | null, stored: LoginResponse = USER) {
  window.history.replaceState(null, '', path);
  const { api, get } = fakeApi(answer);
  const services = testServices(api, stored);
  renderRoute(services, '/gift/:giftId?/pay', <GiftPayPage />);
  return { get, session: services.session };
}

afterEach(() => {
  cleanup();
  clearTabGift();
  vi.restoreAllMocks();
});

describe('GiftPayPage: where the gift comes from', () => {
  it('without a draft and without a gift id: back to GIFT_LIST with the nothing-to-pay notice', async () => {
    const { get, session } = open(buildPath('GIFT_PAY', {}, 'en'), null);
    expect(await screen.findByText(`at ${buildPath('GIFT_LIST', {}, 'en')}?reason=nothingToPay`)).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    session.stop();
  });

  it("with the tab's draft: the journey for it, nothing read from the platform", async () => {
    saveGiftDraft({ licenceId: '102', months: 3, recipientName: 'Sam', recipientEmail: 'sam@example.com', deliveryDate: tomorrow });
    const { get, session } = open('/gift/pay', null);
    expect(await screen.findByText('giftForRecipient')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    session.stop();
  });

  it('a reload with the gift id and no draft reads the gift: an UNPAID gift is paid here', async () => {
    const { get, session } = open(`/gift/${GIFT_ID}/pay`, gift('UNPAID'));
    expect(await screen.findByText('giftForRecipient')).toBeTruthy();
    expect(get).toHaveBeenCalledWith({ params: { giftId: GIFT_ID } });
    // The tab was not given a draft: nothing kept but what the platform said.
    expect(readTabGift(Date.now())).toBeNull();
    session.stop();
  });

  it('a gift already paid opens its page GIFT', async () => {
    const { session } = open(`/gift/${GIFT_ID}/pay`, gift('SCHEDULED'));
    expect(await screen.findByText(`at /gift/${GIFT_ID}`)).toBeTruthy();
    session.stop();
  });

  it("another account's (or an unknown) gift is not found", async () => {
    const notFound = new ApiError({ call: 'gifts.get', status: 404, code: 'NOT_FOUND', messages: [], requestId: 'r' });
    const { session } = open(`/gift/${GIFT_ID}/pay`, notFound);
    expect(await screen.findByRole('heading', { name: 'pageNotFound' })).toBeTruthy();
    session.stop();
  });

  it('a guest with a gift id signs in first and comes back', async () => {
    const { get, session } = open(`/gift/${GIFT_ID}/pay`, gift('UNPAID'), GUEST);
    expect(await screen.findByText(new RegExp(`^at /login\\?from=${encodeURIComponent(`/gift/${GIFT_ID}/pay`)}`))).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    session.stop();
  });
});
