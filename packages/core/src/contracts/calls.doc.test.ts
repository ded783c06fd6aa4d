import { describe, expect, it } from 'vitest';
import { callsDocIsCurrent, renderCallsDoc } from '../../scripts/calls.js';
import { calls } from './index.js';

describe('docs/calls.md', () => {
  it('is up to date with the contracts (run `pnpm calls` when this fails)', () => {
    expect(callsDocIsCurrent()).toBe(true);
  });

  it('lists every call of every area with its method, path and doc comment', () => {
    const page = renderCallsDoc();
    for (const [areaName, area] of Object.entries(calls as unknown as Record<string, Record<string, { method: string; path: string }>>)) {
      for (const [callName, contract] of Object.entries(area)) {
        expect(page).toContain(`| \`${areaName}.${callName}\` | \`${contract.method} ${contract.path}\` |`);
      }
    }
    expect(page).not.toContain('(no doc comment)');
  });
});
