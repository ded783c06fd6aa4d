import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanInput, type InputKind } from './index.js';

const kinds: InputKind[] = ['name', 'email', 'phone', 'postalCode', 'text'];
const UNWANTED = /[\p{Cc}\p{Cs}\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\u061C\uFEFF]/u;
const nasty = fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\u007F', '\u0085', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202E', '\u2066', '\u2069', '\uFEFF', '\u061C', '\uD800', '\u00A0', '\u2028');
const mixed = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.array(fc.oneof(nasty, fc.constantFrom('a', 'É', 'ß', '语', 'ش', ' ', '+', '-', "'", '’', '.', '1', '٣', '５', '@', '(', ')')), { maxLength: 30 }).map((chars) => chars.join('')),
);

describe('cleanInput', () => {
  it('strips controls, zero-width and bidi characters from every kind', () => {
    expect(cleanInput('text', 'a\u200Bb\u202Ec\u0000d\u2066e')).toBe('abcde');
    expect(cleanInput('text', 'line one\nline two\ttab')).toBe('line one line two tab');
    expect(cleanInput('text', '\uD83D\uDE00 ok \uD83D')).toBe('\uD83D\uDE00 ok ');
  });

  it('cleans each kind by example', () => {
    expect(cleanInput('email', ' vie wer@exam\u00A0ple.com\u200B ')).toBe('viewer@example.com');
    expect(cleanInput('phone', ' +44 (0)7911-123 456')).toBe('+44 07911123 456');
    expect(cleanInput('phone', '07911 123+456')).toBe('07911 123456');
    expect(cleanInput('phone', '+٠٧٩١١ ١٢٣')).toBe('+07911 123');
    expect(cleanInput('phone', '０７９')).toBe('079');
    expect(cleanInput('postalCode', 'sw1a 1aa!')).toBe('sw1a 1aa');
    expect(cleanInput('postalCode', '01310-100 #')).toBe('01310-100 ');
    expect(cleanInput('name', "Zoë O'Brien-Smith Jr. 3rd!")).toBe("Zoë O'Brien-Smith Jr. rd");
    expect(cleanInput('name', 'José\u0301 d’Ávila\u200F')).toBe('José\u0301 d’Ávila');
    expect(cleanInput('name', 'محمد\u00A0علي')).toBe('محمد علي');
    expect(cleanInput('text', 'Hello, world! 42')).toBe('Hello, world! 42');
    expect(cleanInput('other' as InputKind, 'x\u200By')).toBe('xy');
    expect(cleanInput('name', null as never)).toBe('');
  });

  it('is idempotent and leaves no unwanted character (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), mixed, (kind, raw) => {
        const once = cleanInput(kind, raw);
        expect(cleanInput(kind, once)).toBe(once);
        expect(UNWANTED.test(once)).toBe(false);
      }),
    );
  });

  it('keeps only what each kind allows (property)', () => {
    fc.assert(
      fc.property(mixed, (raw) => {
        expect(cleanInput('email', raw)).not.toMatch(/\s/u);
        expect(cleanInput('phone', raw)).toMatch(/^\+?[0-9 ]*$/);
        expect(cleanInput('postalCode', raw)).toMatch(/^[\p{L}0-9 -]*$/u);
        expect(cleanInput('name', raw)).toMatch(/^[\p{L}\p{M} '’\-‐.]*$/u);
      }),
    );
  });
});
