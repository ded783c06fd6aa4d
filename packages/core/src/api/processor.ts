import { safeParse } from 'zod/mini';
import { cardTokenRequestSchema, cardTokenSchema, processorCalls, type CardToken, type CardTokenRequest } from '../contracts/checkout.js';
import { platformErrorSchema } from '../contracts/error.js';
import { ApiError, ContractError } from './errors.js';
import { bodyOf, joinUrl, sendRequest } from './http.js';

/** The card processor the card form talks to: card numbers go there only, never to the platform. */
export interface CardProcessor {
  /**
   * `POST {baseUrl}/v1/tokens` with `{ number (digits), expMonth (1–12), expYear (four digits),
   * cvc }`: the processor's `{ token, brand?, last4?, expMonth?, expYear? }`, which the checkout
   * sends to `paymentMethods.init`. Errors: `ContractError` (direction `request`: a card that
   * breaks the contract is not sent; its issues name the field, never its value), `ApiError`
   * (402 with a card code such as `incorrect_number` or `invalid_expiry_year` and the
   * processor's message), `NetworkError`. Never logs the card.
   */
  tokenize(card: CardTokenRequest): Promise<CardToken>;
}

/**
 * A {@link CardProcessor} for the processor at `baseUrl` (the sandbox's is
 * `<sandbox>/_processor`). Implements commerce-and-account-data.md §3 "Card" (the platform only
 * ever holds the token, brand, last four digits and expiry).
 */
export function createCardProcessor(options: { baseUrl: string }): CardProcessor {
  const call = processorCalls.tokens.name;
  return {
    async tokenize(card) {
      const request = safeParse(cardTokenRequestSchema, card);
      if (!request.success) {
        throw new ContractError({
          call,
          direction: 'request',
          issues: request.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: 'Invalid card field' })),
        });
      }
      // The failure keeps only its message: the request holds the card.
      const response = await sendRequest(
        call,
        joinUrl(options.baseUrl, processorCalls.tokens.path),
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(request.data),
        },
        { opaqueFailure: true },
      );
      const data = bodyOf(response.text);
      if (response.status < 200 || response.status >= 300) {
        const body = safeParse(platformErrorSchema, data);
        throw new ApiError({
          call,
          status: response.status,
          code: body.success ? body.data.code : 'UNKNOWN',
          messages: body.success ? body.data.messages : [],
          requestId: body.success ? body.data.requestId : undefined,
        });
      }
      const answer = safeParse(cardTokenSchema, data);
      if (!answer.success) {
        throw new ContractError({
          call,
          direction: 'response',
          issues: answer.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
        });
      }
      return answer.data;
    },
  };
}
