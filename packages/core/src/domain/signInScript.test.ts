import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteHttpUrl, SIGN_IN_SCRIPT_CONFIG_ERROR, signInScriptConfig } from './signInScript.js';

const MISSING = { ok: false, error: 'missingScriptUrlOrApiKey', message: 'missing scriptUrl or apiKey' } as const;

/** A usable api key: 1–64 characters without white space or control characters. */
const apiKeyArb = fc.stringMatching(/^[A-Za-z0-9_\-.:]{1,64}$/);
/** An absolute https script address. */
const scriptUrlArb = fc.webUrl({ validSchemes: ['https', 'http'] });

describe('signInScriptConfig (§5 "A TV sign-in script needs both a script URL and an api key")', () => {
  it('the spec error text is exactly "missing scriptUrl or apiKey"', () => {
    expect(SIGN_IN_SCRIPT_CONFIG_ERROR).toBe('missing scriptUrl or apiKey');
  });

  it('both present → ok with the absolute URL and the trimmed key', () => {
    fc.assert(
      fc.property(scriptUrlArb, apiKeyArb, (scriptUrl, apiKey) => {
        const result = signInScriptConfig({ scriptUrl, apiKey: ` ${apiKey} ` });
        expect(result).toEqual({ ok: true, scriptUrl: new URL(scriptUrl).toString(), apiKey });
      }),
    );
  });

  it('a missing, empty or unusable scriptUrl or apiKey → the spec error, whatever the other one is', () => {
    const badUrl = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.constant(''),
      fc.constant('   '),
      fc.constant('javascript:alert(1)'),
      fc.constant('data:text/javascript,1'),
      fc.constant('//evil.test/x.js'),
      fc.integer(),
      fc.constant('/no/base.js'),
    );
    const badKey = fc.oneof(fc.constant(undefined), fc.constant(null), fc.constant(''), fc.constant('  '), fc.constant('a b'), fc.integer());
    fc.assert(
      fc.property(badUrl, fc.oneof(apiKeyArb, badKey), (scriptUrl, apiKey) => {
        expect(signInScriptConfig({ scriptUrl, apiKey })).toEqual(MISSING);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(scriptUrlArb, badUrl), badKey, (scriptUrl, apiKey) => {
        expect(signInScriptConfig({ scriptUrl, apiKey })).toEqual(MISSING);
      }),
    );
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (settings, base) => {
        const result = signInScriptConfig(settings as never, { base: base as never });
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('a path is resolved against the platform base', () => {
    expect(signInScriptConfig({ scriptUrl: '/_gigya/gigya.js', apiKey: 'k1' }, { base: 'http://127.0.0.1:8787/' })).toEqual({
      ok: true,
      scriptUrl: 'http://127.0.0.1:8787/_gigya/gigya.js',
      apiKey: 'k1',
    });
    expect(signInScriptConfig({ scriptUrl: '/_gigya/gigya.js', apiKey: 'k1' })).toEqual(MISSING);
    expect(signInScriptConfig(null)).toEqual(MISSING);
  });
});

describe('absoluteHttpUrl', () => {
  it('answers only http(s) URLs, on the base origin for a path', () => {
    fc.assert(
      fc.property(fc.anything(), fc.oneof(fc.constant('https://api.example.test/base/'), fc.anything()), (value, base) => {
        const result = absoluteHttpUrl(value, base as never);
        if (result !== null) expect(['http:', 'https:']).toContain(new URL(result).protocol);
        if (result !== null && typeof value === 'string' && value.trim().startsWith('/')) {
          expect(new URL(result).origin).toBe(new URL(base as string).origin);
        }
      }),
    );
    expect(absoluteHttpUrl('/x.js', 'https://api.example.test/base/')).toBe('https://api.example.test/base/x.js');
    expect(absoluteHttpUrl('ftp://x.test/a.js')).toBeNull();
  });
});
