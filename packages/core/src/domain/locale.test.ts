import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { authoringLocale, labelFor, languageOf, pickLocale, textDirection } from './index.js';

describe('locale', () => {
  it('textDirection and languageOf', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ar-EG')).toBe('rtl');
    expect(textDirection('AR_eg')).toBe('rtl');
    expect(textDirection('en')).toBe('ltr');
    expect(textDirection('arn')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
    expect(languageOf('pt-BR')).toBe('pt');
    expect(languageOf(null as unknown as string)).toBe('');
  });

  it('labelFor: translation, else fallback key translation, else the key', () => {
    const t = { hello: 'Hola', failedAuthentication: 'Falló', empty: '' };
    expect(labelFor(t, 'hello')).toBe('Hola');
    expect(labelFor(t, 'missing', 'failedAuthentication')).toBe('Falló');
    expect(labelFor(t, 'missing')).toBe('missing');
    expect(labelFor(t, 'empty', 'failedAuthentication')).toBe('Falló');
    expect(labelFor(t, 'constructor')).toBe('constructor');
    expect(labelFor({}, 'missing', 'alsoMissing')).toBe('missing');
    expect(labelFor(undefined, 'x')).toBe('x');
  });

  it('pickLocale', () => {
    const available = ['en', 'es', 'pt-BR', 'ar'];
    expect(pickLocale('es', available, 'en')).toBe('es');
    expect(pickLocale('es-MX', available, 'en')).toBe('es');
    expect(pickLocale('pt', available, 'en')).toBe('pt-BR');
    expect(pickLocale('pt_br', available, 'en')).toBe('pt-BR');
    expect(pickLocale('fr-FR,ar;q=0.8', available, 'en')).toBe('ar');
    expect(pickLocale('fr', available, 'en')).toBe('en');
    expect(pickLocale(null, available, 'en')).toBe('en');
    expect(pickLocale('', available, 'en')).toBe('en');
    expect(pickLocale('fr,*,es', available, 'en')).toBe('en');
  });

  it('pickLocale reads en-us as en, requested, offered or default (§9 authoring locale)', () => {
    expect(pickLocale('en-US', ['es', 'en-us'], 'es')).toBe('en');
    expect(pickLocale('en_us', ['en', 'es'], 'es')).toBe('en');
    expect(pickLocale('EN-US,es;q=0.5', ['en-US', 'es'], 'es')).toBe('en');
    expect(pickLocale('fr', ['es'], 'en-US')).toBe('en');
    expect(pickLocale('en-gb', ['en-gb', 'en'], 'en')).toBe('en-gb');
  });

  it('pickLocale answers an available locale or the default (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.array(fc.string()), fc.string(), (requested, available, fallback) => {
        const chosen = pickLocale(requested, available, fallback);
        expect(chosen === authoringLocale(fallback) || available.map(authoringLocale).includes(chosen)).toBe(true);
      }),
    );
  });

  it('pickLocale never answers the authoring locale en-us (property)', () => {
    const tag = fc.constantFrom('en-us', 'en-US', 'EN_us', ' en-us ', 'en', 'es', 'pt-BR', 'ar', 'en-gb', '*');
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 4 }), fc.array(tag, { maxLength: 4 }), tag, (requested, available, fallback) => {
        const chosen = pickLocale(requested.join(','), available, fallback);
        expect(authoringLocale(chosen)).toBe(chosen);
      }),
    );
  });
});

describe('authoringLocale', () => {
  it('maps en-us to en and leaves other locales alone (§9)', () => {
    const reads: [unknown, string][] = [['en-us', 'en'], ['en-US', 'en'], ['en_US', 'en'], [' EN-us ', 'en'], ['en-gb', 'en-gb'], ['es', 'es'], [undefined, '']];
    for (const [tag, read] of reads) expect(authoringLocale(tag as string), String(tag)).toBe(read);
  });
});
