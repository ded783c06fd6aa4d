import type { ApiClient } from '../../api/types.js';
import type { GiftRedemption } from '../../contracts/gifts.js';

/** Input of the gift redemption machine. */
export interface GiftRedemptionInput {
  /** Platform client: `api.gifts.redeem`. */
  api: ApiClient;
  /** The code of the emailed link (`/gift/redeem/{code}/…`), or null on REDEEM (the viewer types it). */
  code?: string | null;
  /** Redeem `code` at once (the emailed link, once signed in) instead of waiting for `submit`. */
  autoSubmit?: boolean;
}

/** Context of the gift redemption machine. */
export interface GiftRedemptionContext {
  /** The code as typed (or from the link). */
  code: string;
  /** Redeem the code of the link at once (input `autoSubmit`). */
  autoSubmit: boolean;
  /** What the redemption did, once redeemed; null before. */
  result: GiftRedemption | null;
  /** Message key of the last failure (`giftCodeInvalid`, `giftCodeAlreadyUsed`, `giftCodeExpired`, `tooManyAttempts`, `somethingWentWrong`), or null. */
  error: string | null;
  /** Internal: the platform client. Not for views. */
  env: { api: ApiClient };
}

/** Events of the gift redemption machine: typing the code, and sending it. */
export type GiftRedemptionEvent = { type: 'code.change'; code: string } | { type: 'submit' };
