import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/errors.js';
import type { Licence } from '../../contracts/index.js';
import { connectPriceMigration, priceMigrationMachine, type ConsentActorInput } from '../index.js';
import { fakeApi } from '../test-helpers.js';

const licence: Licence = { id: 'lic-1', name: 'Monthly', priceMigration: null };

function start(submit: (input: ConsentActorInput) => Promise<{ licence: Licence }>) {
  const seen: ConsentActorInput[] = [];
  const machine = priceMigrationMachine.provide({
    actors: {
      submitConsent: fromPromise<{ licence: Licence }, ConsentActorInput>(({ input }) => {
        seen.push(input);
        return submit(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { api: fakeApi(), migrationId: 'mig-1' } }).start();
  return { actor, seen, view: () => connectPriceMigration(actor.getSnapshot(), actor.send) };
}

describe('priceMigration', () => {
  it('continue → submitting → done with the updated licence as output', async () => {
    const { actor, seen, view } = start(async () => ({ licence }));
    expect(view()).toMatchObject({ submitting: false, done: false, consent: null, error: null });
    view().accept();
    expect(view()).toMatchObject({ submitting: true, consent: 'CONTINUE' });
    await expect(toPromise(actor)).resolves.toEqual(licence);
    expect(view()).toMatchObject({ done: true, licence });
    expect(seen.map((s) => [s.migrationId, s.status])).toEqual([['mig-1', 'CONTINUE']]);
  });

  it('a failure shows the joined messages; leave retries with LEAVE', async () => {
    let attempt = 0;
    const { actor, seen, view } = start(async () => {
      attempt += 1;
      if (attempt === 1) {
        throw new ApiError({ call: 'licences.priceMigrationConsent', status: 409, code: 'CONFLICT', messages: ['migrationClosed', 'sorry'], requestId: undefined });
      }
      return { licence };
    });
    view().accept();
    await waitFor(actor, (s) => s.matches('error'));
    expect(view().error).toBe('migrationClosed sorry');
    view().leave();
    expect(view()).toMatchObject({ submitting: true, error: null, consent: 'LEAVE' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(seen.map((s) => s.status)).toEqual(['CONTINUE', 'LEAVE']);
  });

  it('ignores a second answer while submitting', async () => {
    const { actor, seen, view } = start(async () => ({ licence }));
    view().leave();
    view().accept();
    await waitFor(actor, (s) => s.matches('done'));
    expect(seen.map((s) => s.status)).toEqual(['LEAVE']);
  });

  it('the real actor sends the consent through the client', async () => {
    const sent: unknown[] = [];
    const api = fakeApi({
      licences: {
        priceMigrationConsent: async ({ params, body }) => {
          sent.push([params.id, body.status]);
          return { licence };
        },
      },
    });
    const actor = createActor(priceMigrationMachine, { input: { api, migrationId: 'mig-9' } }).start();
    actor.send({ type: 'consent.leave' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([['mig-9', 'LEAVE']]);
  });
});
