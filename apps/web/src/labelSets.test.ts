// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript script of the repository (no declarations)
import { labelSets, labelSetsText, LABEL_SETS_FILE } from '../../../scripts/label-keys.mjs';

const COMMITTED = fileURLToPath(new URL('./app/labelSets.json', import.meta.url));

describe('label key sets (issue 18 "Labels by keys")', () => {
  it('lists every key each page names: a page using a key outside its set fails here (run `node scripts/label-keys.mjs --write`)', async () => {
    expect(LABEL_SETS_FILE).toBe(COMMITTED);
    const fresh = labelSetsText(await labelSets());
    expect(readFileSync(COMMITTED, 'utf8')).toBe(fresh);
  });

  it("holds the shell's texts and each page's own keys only", () => {
    const sets = JSON.parse(readFileSync(COMMITTED, 'utf8')) as { shell: string[]; pages: Record<string, string[]> };
    expect(sets.shell).toEqual(expect.arrayContaining(['loading', 'skipToContent', 'pageNotFound', 'retry', 'networkError']));
    const shell = new Set(sets.shell);
    for (const [page, keys] of Object.entries(sets.pages)) expect(keys.filter((key) => shell.has(key)), page).toEqual([]);
    expect(sets.pages.AccountPage).toContain('yourAccount');
    expect(sets.pages.LoginPage).not.toContain('yourAccount');
  });
});
