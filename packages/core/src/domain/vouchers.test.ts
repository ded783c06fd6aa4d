import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { integerLicenceId, parseVoucherCode, voucherErrorKey, voucherPathSegment, voucherProblemKey, voucherRedeemBody } from './index.js';

/** Strings of arbitrary UTF-16 code units: lone surrogates are frequent. */
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });
const isWellFormed = (s: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('voucherPathSegment', () => {
  it('URL-encodes the code', () => {
    expect(voucherPathSegment('SUMMER10')).toBe('SUMMER10');
    expect(voucherPathSegment('SUMMER 10/50')).toBe('SUMMER%2010%2F50');
    expect(voucherPathSegment('a?b#c&d=e%f')).toBe('a%3Fb%23c%26d%3De%25f');
    expect(voucherPathSegment('ÉTÉ-€')).toBe('%C3%89T%C3%89-%E2%82%AC');
    expect(voucherPathSegment('\\..\\')).toBe('%5C..%5C');
    expect(voucherPathSegment('')).toBe('');
  });

  it('never throws: lone surrogates become U+FFFD, non-strings give an empty segment', () => {
    expect(voucherPathSegment('A\uD800B')).toBe('A%EF%BF%BDB');
    expect(voucherPathSegment('\uDC00')).toBe('%EF%BF%BD');
    expect(voucherPathSegment(null as unknown as string)).toBe('');
  });

  it('round-trips any well-formed string and never leaves / ? # in the segment (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), utf16), (code) => {
        const segment = voucherPathSegment(code);
        expect(segment).not.toMatch(/[/?#\\]/);
        if (isWellFormed(code)) expect(decodeURIComponent(segment)).toBe(code);
        else expect(decodeURIComponent(segment)).toHaveLength(code.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseVoucherCode', () => {
  it('trims the code and refuses blank and dot segments', () => {
    expect(parseVoucherCode('  SUMMER10 ')).toEqual({ ok: true, code: 'SUMMER10' });
    expect(parseVoucherCode('a/b')).toEqual({ ok: true, code: 'a/b' });
    expect(parseVoucherCode('   ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseVoucherCode(undefined)).toEqual({ ok: false, problem: 'empty' });
    expect(parseVoucherCode(' .. ')).toEqual({ ok: false, problem: 'dotSegment' });
    expect(parseVoucherCode('.')).toEqual({ ok: false, problem: 'dotSegment' });
    expect(parseVoucherCode('...')).toEqual({ ok: true, code: '...' });
  });
});

describe('voucherRedeemBody', () => {
  it('sends licenceId only when it is an integer', () => {
    expect(voucherRedeemBody('WELCOME', 42)).toEqual({ voucherCode: 'WELCOME', licenceId: 42 });
    expect(voucherRedeemBody('WELCOME', '42')).toEqual({ voucherCode: 'WELCOME', licenceId: 42 });
    expect(voucherRedeemBody('WELCOME', '007')).toEqual({ voucherCode: 'WELCOME', licenceId: 7 });
    expect(voucherRedeemBody('WELCOME', 0)).toEqual({ voucherCode: 'WELCOME', licenceId: 0 });
    expect(Object.is(voucherRedeemBody('WELCOME', -0).licenceId, 0)).toBe(true);
    for (const id of [undefined, null, 1.5, Number.NaN, Infinity, 2 ** 53, '12a', ' 12', '12 ', '1e3', '-3', '+3', '', '1.0', '9007199254740993', 12n, [1], {}]) {
      const body = voucherRedeemBody('WELCOME', id);
      expect(body, String(id)).toEqual({ voucherCode: 'WELCOME' });
      expect('licenceId' in body).toBe(false);
    }
    expect(voucherRedeemBody('a b/c', 1).voucherCode).toBe('a b/c');
  });

  it('includes licenceId exactly for integers (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.maxSafeInteger(), (code, id) => {
        expect(voucherRedeemBody(code, id)).toEqual({ voucherCode: code, licenceId: id + 0 });
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,15}$/), (digits) => {
        expect(voucherRedeemBody('V', digits)).toEqual({ voucherCode: 'V', licenceId: Number(digits) });
      }),
    );
    fc.assert(
      fc.property(fc.double().filter((d) => !Number.isInteger(d)), (id) => {
        expect('licenceId' in voucherRedeemBody('V', id)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (id) => {
        const body = voucherRedeemBody('V', id);
        const expected =
          (typeof id === 'number' && Number.isSafeInteger(id)) ||
          (typeof id === 'string' && /^[0-9]+$/.test(id) && Number.isSafeInteger(Number(id)));
        expect('licenceId' in body).toBe(expected);
        if (body.licenceId !== undefined) {
          expect(Number.isSafeInteger(body.licenceId)).toBe(true);
          expect(integerLicenceId(id)).toBe(body.licenceId);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('voucherErrorKey / voucherProblemKey', () => {
  it('404 is not valid, 409 does not apply, anything else is unknown', () => {
    expect(voucherErrorKey({ status: 404, code: 'NOT_FOUND', messages: [] })).toBe('voucherNotValid');
    expect(voucherErrorKey({ status: 409, code: 'CONFLICT', messages: [] })).toBe('voucherNotApplicable');
    expect(voucherErrorKey({ data: { status: 409 } })).toBe('voucherNotApplicable');
    for (const other of [{ status: 500 }, new TypeError('fetch failed'), null, 'x']) expect(voucherErrorKey(other)).toBe('unknownError');
  });

  it('names why a typed code cannot be sent', () => {
    expect(voucherProblemKey('empty')).toBe('voucherCodeEmpty');
    expect(voucherProblemKey('dotSegment')).toBe('voucherNotValid');
  });
});
