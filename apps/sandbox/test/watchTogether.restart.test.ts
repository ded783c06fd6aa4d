/**
 * Watch together survives a restart (issue 17: "the room's state in the database so a restart of
 * the sandbox loses no room"): a room opened, joined and played on one sandbox is read whole, with
 * its members and the host's playback, from a new sandbox over the same data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loginResponseSchema, roomSchema } from '@stream/core/contracts';
import { startSandbox } from '../src/index.js';
import { LICENCE_IDS } from '../src/seed/catalogue.js';
import { TITLE_IDS } from '../src/seed/titles.js';
import { JSON_CONTROL_HEADERS, JSON_REALM_HEADERS } from './helpers.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

it(
  'a room, its members and the host playback are kept across a restart on the same data directory',
  async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stream-sandbox-rooms-'));
    dirs.push(dataDir);
    const options = { port: 0, dataDir, databaseUrl: '' };
    const stamp = Date.now();

    const first = await startSandbox(options);
    let roomId: string;
    let before: unknown;
    const emails = [`host-${stamp}@stream.test`, `member-${stamp}@stream.test`];
    try {
      const tokens: string[] = [];
      for (const email of emails) {
        const res = await fetch(`${first.url}/api/v2/user`, { method: 'POST', headers: JSON_REALM_HEADERS, body: JSON.stringify({ id: email, secret: 'kept-password', name: email.split('-')[0] }) });
        expect(res.status).toBe(201);
        tokens.push(loginResponseSchema.parse(await res.json()).authorisationToken);
        const grant = await fetch(`${first.url}/_sandbox/licences/grant`, { method: 'POST', headers: JSON_CONTROL_HEADERS, body: JSON.stringify({ email, licenceId: LICENCE_IDS.sportsBasic }) });
        expect(grant.status).toBe(200);
      }
      const auth = (i: number) => ({ ...JSON_REALM_HEADERS, authorization: `Bearer ${tokens[i]}` });
      const created = await fetch(`${first.url}/api/v1/watch-together/rooms`, { method: 'POST', headers: auth(0), body: JSON.stringify({ titleId: TITLE_IDS.rallyStage }) });
      expect(created.status).toBe(201);
      roomId = roomSchema.parse(await created.json()).roomId;
      expect((await fetch(`${first.url}/api/v1/watch-together/rooms/${roomId}/members`, { method: 'POST', headers: auth(1) })).status).toBe(200);
      const played = await fetch(`${first.url}/api/v1/watch-together/rooms/${roomId}/playback`, { method: 'PUT', headers: auth(0), body: JSON.stringify({ state: 'PAUSED', positionMs: 123_456 }) });
      expect(played.status).toBe(200);
      const { now: _now, ...rest } = roomSchema.parse(await played.json());
      before = rest;
    } finally {
      await first.close();
    }

    const second = await startSandbox(options);
    try {
      const login = await fetch(`${second.url}/api/v2/login`, { method: 'POST', headers: JSON_REALM_HEADERS, body: JSON.stringify({ id: emails[1], secret: 'kept-password' }) });
      const token = loginResponseSchema.parse(await login.json()).authorisationToken;
      const read = await fetch(`${second.url}/api/v1/watch-together/rooms/${roomId}`, { headers: { ...JSON_REALM_HEADERS, authorization: `Bearer ${token}` } });
      expect(read.status).toBe(200);
      const { now: _now, ...after } = roomSchema.parse(await read.json());
      expect(after).toEqual(before);
      expect(after.members).toHaveLength(2);
      expect(after.playback).toMatchObject({ state: 'PAUSED', positionMs: 123_456 });
    } finally {
      await second.close();
    }
  },
  90_000,
);
