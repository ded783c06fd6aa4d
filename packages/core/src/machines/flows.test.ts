import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { FLOWS, renderFlowDocs, renderFlowPage, staleFlowDocs } from '../../scripts/flows.js';

describe('docs/flows', () => {
  it('is up to date with the machine definitions (run `pnpm flows` when this fails)', () => {
    expect(staleFlowDocs()).toEqual([]);
  });

  it('has one page per machine plus the index', () => {
    expect([...renderFlowDocs().keys()].sort()).toEqual([...FLOWS.map((f) => `${f.name}.md`), 'README.md'].sort());
  });

  it('renders states, guarded transitions, actors, delays and final states from the definition', () => {
    const machine = setup({
      actors: { work: fromPromise(async () => 1) },
      guards: { ready: () => true },
      delays: { wait: 10 },
    }).createMachine({
      id: 'demo',
      description: 'A demo. Second sentence.',
      initial: 'idle',
      states: {
        idle: { on: { 'demo.go': [{ guard: 'ready', target: 'busy' }, { target: 'idle' }] }, after: { wait: 'busy' } },
        busy: { invoke: { src: 'work', onDone: 'done', onError: 'idle' } },
        done: { type: 'final' },
      },
    });
    const page = renderFlowPage({ name: 'demo', source: 'x.ts', machine });
    expect(page).toContain('stateDiagram-v2');
    expect(page).toContain('  [*] --> idle');
    expect(page).toContain('  idle --> busy: demo.go [ready]');
    expect(page).toContain('  idle --> idle: demo.go [else]');
    expect(page).toContain('  idle --> busy: after wait');
    expect(page).toMatch(/ {2}busy --> done: done\(.+\)/);
    expect(page).toContain('  done --> [*]');
    expect(page).toContain('| `ready` | idle |');
    expect(page).toContain('| `wait` | idle |');
    expect(page).toContain('A demo. Second sentence.');
  });
});
