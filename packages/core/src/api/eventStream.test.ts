import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventStream, serverSentEventParser, type DownloadDeps, type ServerSentEvent } from './download.js';
import { ApiError } from './errors.js';

const STREAM = 'event: room\ndata: {"a":1}\n\n: keep-alive\n\ndata: one\ndata: two\n\nevent: room\r\ndata: x\r\n\r\n';
const EVENTS: ServerSentEvent[] = [
  { event: 'room', data: '{"a":1}' },
  { event: 'message', data: 'one\ntwo' },
  { event: 'room', data: 'x' },
];

describe('serverSentEventParser', () => {
  it('gives the same events whatever the pieces the text arrives in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: STREAM.length }), { maxLength: 12 }), (cuts) => {
        const points = [...new Set([0, ...cuts, STREAM.length])].sort((a, b) => a - b);
        const parser = serverSentEventParser();
        const events: ServerSentEvent[] = [];
        for (let i = 1; i < points.length; i += 1) events.push(...parser.push(STREAM.slice(points[i - 1], points[i])));
        expect(events).toEqual(EVENTS);
      }),
    );
  });
});

function deps(responses: Response[], seen: string[]): DownloadDeps {
  return {
    baseUrl: 'https://platform.test',
    fetch: async (_url, init) => {
      seen.push(String((init?.headers as Record<string, string>).Authorization));
      return responses.shift()!;
    },
    headers: (bearer) => ({ Authorization: `Bearer ${bearer}` }),
    bearer: () => 'old',
    renew: async () => 'new',
  };
}

describe('createEventStream', () => {
  it('sends the bearer in the header, renews once on a 401 and yields the events', async () => {
    const seen: string[] = [];
    const open = createEventStream(deps([new Response('', { status: 401 }), new Response(STREAM, { status: 200 })], seen));
    const events: ServerSentEvent[] = [];
    for await (const event of await open('/api/v1/x/events')) events.push(event);
    expect(events).toEqual(EVENTS);
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('an error answer rejects with the platform code', async () => {
    const body = JSON.stringify({ status: 403, code: 'LICENCE_REQUIRED', messages: ['licenceRequired'], requestId: 'r' });
    const open = createEventStream(deps([new Response(body, { status: 403 })], []));
    const error = await open('/api/v1/x/events').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'LICENCE_REQUIRED', messages: ['licenceRequired'] });
  });
});
