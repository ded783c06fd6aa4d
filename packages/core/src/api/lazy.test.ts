/**
 * The client's areas (`lazy.ts`): an area at hand is a plain object of methods; a lazy area loads
 * its contracts on the first call, once (concurrent calls share the load), and a failed load is
 * retried on the next call.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, type CallArea } from '../contracts/define.js';
import { areaMethods, lazyArea } from './lazy.js';

const ping = defineCall({ name: 'test.ping', method: 'GET', path: '/ping', response: z.object({}), auth: 'none' });
const pong = defineCall({ name: 'test.pong', method: 'POST', path: '/pong', response: z.object({}), auth: 'none' });
const area: CallArea = { ping, pong };

describe('areaMethods', () => {
  it('one method per contract, each sending its contract with the input', async () => {
    const send = vi.fn(async () => 'answer');
    const methods = areaMethods(area, send);
    expect(Object.keys(methods)).toEqual(['ping', 'pong']);
    await expect(methods.pong!({ body: 1 })).resolves.toBe('answer');
    expect(send).toHaveBeenCalledWith(pong, { body: 1 }, undefined);
  });
});

describe('lazyArea', () => {
  it('loads nothing until the first call, then once for every call, concurrent or later', async () => {
    const load = vi.fn(async () => area);
    const send = vi.fn(async (contract: { name: string }) => contract.name);
    const methods = lazyArea('test', load, send);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([methods.ping!(), methods.pong!(), methods.ping!()])).resolves.toEqual(['test.ping', 'test.pong', 'test.ping']);
    await methods.pong!({ body: {} });
    expect(load).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(pong, { body: {} }, undefined);
  });

  it('a failed load rejects that call and is retried on the next one', async () => {
    const failure = new Error('chunk failed to load');
    const load = vi.fn<() => Promise<CallArea>>().mockRejectedValueOnce(failure).mockResolvedValue(area);
    const send = vi.fn(async () => 'sent');
    const methods = lazyArea('test', load, send);
    await expect(methods.ping!()).rejects.toBe(failure);
    expect(send).not.toHaveBeenCalled();
    await expect(methods.ping!()).resolves.toBe('sent');
    await expect(methods.pong!()).resolves.toBe('sent');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a name the loaded area lacks rejects with a TypeError; the area is never a thenable', async () => {
    const send = vi.fn(async () => 'sent');
    const methods = lazyArea('test', async () => area, send);
    await expect(methods.nope!()).rejects.toThrow(new TypeError('test.nope is not a call of the platform API'));
    expect(methods.toString).toBeUndefined();
    expect((methods as { then?: unknown }).then).toBeUndefined();
    await expect(Promise.resolve(methods)).resolves.toBe(methods);
    expect(methods.ping).toBe(methods.ping);
    expect(send).not.toHaveBeenCalled();
  });
});
