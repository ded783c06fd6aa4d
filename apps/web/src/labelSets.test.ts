// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript script of the repository (no declarations)
import { labelSets, labelSetsText, LABEL_SETS_FILE } from '../../../scripts/label-keys.mjs';

const COMMITTED = fileURLToPath(new URL('./app/labelSets.json', import.meta.url));
const SANDBOX_SOURCES = fileURLToPath(new URL('../../sandbox/src/', import.meta.url));
const SEED_LABELS = fileURLToPath(new URL('../../sandbox/src/seed/labels/', import.meta.url));

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

  it("holds every message key the sandbox's refusals name (the sign-in machines ask isKnownKey when a refusal arrives)", () => {
    const sets = JSON.parse(readFileSync(COMMITTED, 'utf8')) as { shell: string[]; pages: Record<string, string[]> };
    const listed = new Set([...sets.shell, ...Object.values(sets.pages).flat()]);
    const english = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? english(`${dir}${entry.name}/`) : entry.name === 'en.json' ? Object.keys(JSON.parse(readFileSync(`${dir}${entry.name}`, 'utf8')) as object) : [],
      );
    const labels = new Set(english(SEED_LABELS));
    const named = (readdirSync(SANDBOX_SOURCES, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      // A refusal's messages: `new ApiHttpError(status, CODE, ['key', …])`; the first one is the key.
      .flatMap((file) => [...readFileSync(`${SANDBOX_SOURCES}${file}`, 'utf8').matchAll(/\[\s*'([a-z][A-Za-z0-9_]+)'/g)].map((match) => match[1]!))
      .filter((key) => labels.has(key));
    expect(named).toContain('providerCredentialsInvalid');
    expect(named.filter((key) => !listed.has(key))).toEqual([]);
  });
});
