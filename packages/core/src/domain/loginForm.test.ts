import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { signUpRequestSchema } from '../contracts/auth.js';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, isValidEmail, validateLoginForm, validateSignUpForm } from './index.js';

const blank = fc.stringMatching(/^[ \t\n\r]*$/);

describe('validateLoginForm', () => {
  it('answers EMPTY_INPUTS when every field is empty or white space (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), blank), (values) => {
        expect(validateLoginForm(values)).toEqual({ ok: false, error: 'EMPTY_INPUTS' });
      }),
    );
  });

  it('names each empty field and checks the email', () => {
    expect(validateLoginForm({ email: 'a@b.co', password: 'secret' })).toEqual({ ok: true });
    expect(validateLoginForm({ email: 'a@b.co', password: '  ' })).toEqual({
      ok: false,
      fieldErrors: { password: 'passwordIsEmpty' },
    });
    expect(validateLoginForm({ email: '', password: 'x' })).toEqual({ ok: false, fieldErrors: { email: 'emailIsEmpty' } });
    expect(validateLoginForm({ email: 'nope', password: 'x' })).toEqual({
      ok: false,
      fieldErrors: { email: 'pleaseProvideValidEmail' },
    });
    expect(validateLoginForm({ email: 'nope', password: '' })).toEqual({
      ok: false,
      fieldErrors: { email: 'pleaseProvideValidEmail', password: 'passwordIsEmpty' },
    });
    expect(validateLoginForm({ username: 'nope', password: 'x' })).toEqual({ ok: true });
    expect(validateLoginForm(null as unknown as Record<string, string>)).toEqual({ ok: false, error: 'EMPTY_INPUTS' });
  });

  it('is ok whenever every field is filled and the email is valid (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.string().filter((s) => s.trim() !== ''), (email, password) => {
        const result = validateLoginForm({ email, password });
        expect(result).toEqual(isValidEmail(email) ? { ok: true } : { ok: false, fieldErrors: { email: 'pleaseProvideValidEmail' } });
      }),
    );
  });
});

describe('isValidEmail', () => {
  it('accepts and rejects by example', () => {
    expect(isValidEmail('viewer@example.com')).toBe(true);
    expect(isValidEmail(' viewer@example.com ')).toBe(true);
    expect(isValidEmail('first.last+tag@sub.example.co.uk')).toBe(true);
    for (const bad of ['', 'a', 'a@', '@b.co', 'a@b', 'a b@c.co', 'a@b..co', '.a@b.co', 'a..b@c.co']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(undefined as unknown as string)).toBe(false);
  });

  it('agrees with zod z.email() used by the sign-up contract (property)', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string(), fc.stringMatching(/^[a-z.+_-]{0,6}@[a-z.-]{0,8}$/)), (value) => {
        expect(isValidEmail(value)).toBe(z.email().safeParse(value.trim()).success);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('validateSignUpForm', () => {
  it('gives one message per field', () => {
    expect(validateSignUpForm({ name: '', email: '', password: '' })).toEqual({
      ok: false,
      fieldErrors: { name: 'pleaseProvideYourName', email: 'pleaseProvideYourEmail', password: 'passwordIsEmpty' },
    });
    expect(validateSignUpForm({ name: 'Ana', email: 'bad', password: '1234567' })).toEqual({
      ok: false,
      fieldErrors: { email: 'pleaseProvideValidEmail', password: 'passwordTooShort' },
    });
    expect(validateSignUpForm({ name: 'Ana', email: 'ana@example.com', password: '12345678' })).toEqual({ ok: true });
    expect(validateSignUpForm({ name: 'Ana', email: 'ana@example.com', password: 'x'.repeat(129) })).toEqual({
      ok: false,
      fieldErrors: { password: 'passwordTooLong' },
    });
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('agrees with the signUpRequestSchema contract (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constant('Ana')),
        fc.oneof(fc.emailAddress(), fc.string()),
        fc.oneof(fc.string({ maxLength: 12 }), fc.string({ minLength: 120, maxLength: 140 })),
        (name, email, password) => {
          const local = validateSignUpForm({ name, email, password }).ok;
          const contract = signUpRequestSchema.safeParse({ id: email.trim(), secret: password, name }).success;
          expect(local).toBe(contract);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
