import { checkGiftDraft, type GiftDraft } from '@stream/core/domain';
import { tabStorage } from '../checkout/paymentEnv';

/** The query GIFT_PAY sends GIFT_LIST with when it has no gift to pay: GIFT_LIST then says so (`giftNothingToPay`). */
export const GIFT_NOTHING_TO_PAY = 'reason=nothingToPay';

/** Where the gift form (GIFT_LIST) leaves the gift for GIFT_PAY: this tab's storage, never the address. */
const DRAFT_KEY = 'stream.giftDraft';

/**
 * Keeps the checked gift of the GIFT_LIST form for GIFT_PAY in this tab's `sessionStorage`: the
 * recipient's email stays out of the address and the history, and the draft survives the sign-in
 * or sign-up inside the journey and a reload. One draft at a time.
 */
export function saveGiftDraft(draft: GiftDraft): void {
  tabStorage().setItem(DRAFT_KEY, JSON.stringify(draft));
}

/** The tab's gift: the checked draft, and the gift's id once the payment created it (null before). */
export interface TabGift {
  draft: GiftDraft;
  giftId: string | null;
}

/**
 * The tab's gift, its draft checked again at `nowMs` (core's `checkGiftDraft`), or null when there
 * is none, it is not JSON, or it no longer holds (a delivery date now past).
 */
export function readTabGift(nowMs: number): TabGift | null {
  const stored = tabStorage().getItem(DRAFT_KEY);
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    const checked = checkGiftDraft(parsed, nowMs);
    if (!checked.ok) return null;
    const giftId = (parsed as { giftId?: unknown }).giftId;
    return { draft: checked.draft, giftId: typeof giftId === 'string' && giftId !== '' ? giftId : null };
  } catch {
    return null;
  }
}

/** Records the id of the gift the payment created from the tab's draft: a reload pays that gift, never a second one. */
export function rememberGiftId(giftId: string): void {
  const tabGift = readTabGift(Date.now());
  if (tabGift === null) return;
  tabStorage().setItem(DRAFT_KEY, JSON.stringify({ ...tabGift.draft, giftId }));
}

/** Forgets the tab's gift (paid: a new gift starts from the form). */
export function clearTabGift(): void {
  tabStorage().removeItem(DRAFT_KEY);
}
