import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, ContractError, NetworkError } from './errors.js';
import { createCardProcessor } from './processor.js';

/** One request the fake processor received. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Answer = (req: Received, res: ServerResponse) => void;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const TOKEN = { token: 'tok_abc', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: Answer = (_req, res) => json(res, 200, TOKEN);

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? (JSON.parse(raw) as unknown) : undefined };
      received.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_processor`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  answer = (_req, res) => json(res, 200, TOKEN);
});

/** The rejection of `promise` (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error as Error,
  );
}

/** A base URL where nothing listens: a port that was free a moment ago. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/_processor`;
}

/**
 * Everything an error exposes as text: message, messages, issues, and every own property of the
 * error and of its cause chain (an error reporter serialises them all, including a fetch
 * library's request options).
 */
function errorText(error: Error): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || value === undefined || seen.has(value)) return;
    if (typeof value !== 'object' && typeof value !== 'function') {
      parts.push(String(value));
      return;
    }
    seen.add(value);
    if (value instanceof Error) parts.push(value.message, String(value));
    for (const key of Object.getOwnPropertyNames(value)) {
      let inner: unknown;
      try {
        inner = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof inner === 'string') parts.push(inner);
      else if (typeof inner === 'object') visit(inner, depth + 1);
    }
  };
  visit(error, 0);
  return parts.join('\n');
}

describe('createCardProcessor().tokenize', () => {
  it('posts the card to {baseUrl}/v1/tokens without platform credentials and answers the token', async () => {
    await expect(createCardProcessor({ baseUrl }).tokenize(CARD)).resolves.toEqual(TOKEN);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/_processor/v1/tokens', body: CARD });
    expect(received[0]!.headers).not.toHaveProperty('authorization');
    expect(received[0]!.headers).not.toHaveProperty('x-api-key');
    expect(received[0]!.headers).not.toHaveProperty('realm');
  });

  it('an invalid card is a ContractError (request) naming the fields, and nothing is sent', async () => {
    const error = await rejection(createCardProcessor({ baseUrl }).tokenize({ number: '4242 4242', expMonth: 0, expYear: 1999, cvc: 'abc' }));
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ direction: 'request', call: 'processor.tokens' });
    expect((error as ContractError).fields.sort()).toEqual(['cvc', 'expMonth', 'expYear', 'number']);
    expect(received).toEqual([]);
  });

  it('402 is an ApiError with the processor code, messages and request id', async () => {
    answer = (_req, res) => json(res, 402, { status: 402, code: 'incorrect_number', messages: ['Your card number is incorrect.'], requestId: 'req-a' });
    const error = await rejection(createCardProcessor({ baseUrl }).tokenize(CARD));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'incorrect_number', messages: ['Your card number is incorrect.'], requestId: 'req-a', call: 'processor.tokens' });
  });

  it('an error answer that is not the platform shape is an ApiError UNKNOWN', async () => {
    answer = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('Bad gateway');
    };
    await expect(createCardProcessor({ baseUrl }).tokenize(CARD)).rejects.toMatchObject({ status: 502, code: 'UNKNOWN', messages: [] });
  });

  it('no answer (nothing listening) is a NetworkError', async () => {
    const error = await rejection(createCardProcessor({ baseUrl: await deadUrl() }).tokenize(CARD));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ call: 'processor.tokens' });
  });

  it('a malformed answer is a ContractError (response): no token, or not JSON', async () => {
    answer = (_req, res) => json(res, 200, { brand: 'visa' });
    const missing = await rejection(createCardProcessor({ baseUrl }).tokenize(CARD));
    expect(missing).toBeInstanceOf(ContractError);
    expect(missing).toMatchObject({ direction: 'response' });
    expect((missing as ContractError).fields).toEqual(['token']);
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>oops</html>');
    };
    await expect(createCardProcessor({ baseUrl }).tokenize(CARD)).rejects.toMatchObject({ name: 'ContractError', direction: 'response' });
  });

  it('the card number appears in no error, whatever goes wrong (property over random digits)', async () => {
    const dead = await deadUrl();
    const outcomes = ['402', '500', 'malformed', 'network', 'contract'] as const;
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{12,19}$/), fc.constantFrom(...outcomes), async (number, outcome) => {
        answer = (_req, res) => {
          if (outcome === '402') json(res, 402, { status: 402, code: 'card_declined', messages: ['Your card was declined.'], requestId: 'req-b' });
          else if (outcome === '500') json(res, 500, { oops: true });
          else json(res, 200, { token: 42 });
        };
        const card = outcome === 'contract' ? { ...CARD, number, cvc: 'x' } : { ...CARD, number };
        const error = await rejection(createCardProcessor({ baseUrl: outcome === 'network' ? dead : baseUrl }).tokenize(card));
        expect(error).toBeInstanceOf(outcome === 'network' ? NetworkError : outcome === '402' || outcome === '500' ? ApiError : ContractError);
        expect(errorText(error)).not.toContain(number);
      }),
      { numRuns: 60 },
    );
  });
});
