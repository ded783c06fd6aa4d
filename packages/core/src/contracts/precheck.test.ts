import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type * as zc from 'zod/v4/core';
import { prechecked } from './precheck.js';

/** Every kind and check `prechecked` reads, in one object (required and optional fields, nesting). */
const zoo = z.looseObject({
  id: z.string().check(z.minLength(1)),
  code: z.string().check(z.length(3)),
  short: z.optional(z.string().check(z.maxLength(2))),
  pair: z.optional(z.string().check(z.minLength(2))),
  count: z.int(),
  scale: z.optional(z.int().check(z.gte(0), z.lte(8))),
  // Integer bounds in the other order, and a single bound (not an inline range).
  offset: z.optional(z.int().check(z.lte(5), z.gte(-3))),
  floor: z.optional(z.int().check(z.gte(1))),
  ratio: z.optional(z.number().check(z.gt(0), z.lt(100))),
  even: z.optional(z.number().check(z.multipleOf(2))),
  flag: z.optional(z.boolean()),
  kind: z.enum(['A', 'B']),
  one: z.optional(z.literal('x')),
  when: z.optional(z.nullable(z.string())),
  email: z.optional(z.email()),
  anything: z.optional(z.unknown()),
  must: z.unknown(),
  nil: z.optional(z.null()),
  list: z.optional(z.array(z.int()).check(z.minLength(1))),
  // Arrays of leaves (tested inline by the array loop): enum, nullable string, non-empty string.
  tags: z.optional(z.array(z.enum(['A', 'B']))),
  names: z.optional(z.array(z.nullable(z.string()))),
  ids: z.optional(z.array(z.string().check(z.minLength(1)))),
  state: z.optional(z.nullable(z.enum(['ON', 'OFF']))),
  nested: z.optional(
    z.nullable(z.looseObject({ a: z.string(), b: z.optional(z.array(z.looseObject({ c: z.boolean() })).check(z.maxLength(2))) })),
  ),
});
const fastZoo = prechecked(zoo);

/** Values near the zoo's edges: lengths in UTF-16 units and code points, integers, ±0, null, undefined. */
const leaf = fc.constantFrom<unknown>(
  '', 'a', 'ab', 'abc', 'abcd', '😀', '😀a', 'a😀b', '😀😀😀', '\ud83d', 'GBP', 'x', 'A', 'B', 'C', 'a@b.co', 'not an email',
  0, -0, 1, 2, 1.5, -1, -3, -4, 5, 6, 8, 9, 99.5, 100, 2 ** 53, -(2 ** 53), Number.NaN, Number.POSITIVE_INFINITY,
  true, false, null, undefined,
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.record({ a: tie('value'), b: fc.array(fc.record({ c: tie('value') }, { requiredKeys: [] }), { maxLength: 3 }) }, { requiredKeys: [] }) },
  ),
})).value;
const zooKeys = Object.keys(zoo._zod.def.shape);
/** A valid value of each zoo field (lengths counted in code points, as zod does). */
const valid: Record<string, fc.Arbitrary<unknown>> = {
  id: fc.constantFrom('a', '😀', 'ab'),
  code: fc.constantFrom('GBP', '😀😀😀', 'a😀b'),
  short: fc.constantFrom('', 'ab', '😀', '😀a', 'a😀'),
  pair: fc.constantFrom('ab', '😀a', '😀😀', 'abc'),
  count: fc.integer(),
  scale: fc.integer({ min: 0, max: 8 }),
  offset: fc.integer({ min: -3, max: 5 }),
  floor: fc.integer({ min: 1 }),
  ratio: fc.double({ min: 0.001, max: 99.99, noNaN: true }),
  even: fc.integer().map((n) => n * 2),
  flag: fc.boolean(),
  kind: fc.constantFrom('A', 'B'),
  one: fc.constant('x'),
  when: fc.option(fc.string(), { nil: null }),
  email: fc.constant('a@b.co'),
  anything: value,
  must: value,
  nil: fc.constant(null),
  list: fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  tags: fc.array(fc.constantFrom('A', 'B'), { maxLength: 3 }),
  names: fc.array(fc.option(fc.string(), { nil: null }), { maxLength: 3 }),
  ids: fc.array(fc.constantFrom('a', '😀', 'ab'), { maxLength: 3 }),
  state: fc.constantFrom('ON', 'OFF', null),
  nested: fc.option(
    fc.record({ a: fc.string(), b: fc.array(fc.record({ c: fc.boolean() }), { maxLength: 2 }) }, { requiredKeys: ['a'] }),
    { nil: null },
  ),
};
const requiredZooKeys = zooKeys.filter((key) => zoo._zod.def.shape[key as keyof typeof zoo._zod.def.shape]._zod.optin === undefined);
/**
 * Objects with the zoo's keys: mostly valid values (about a quarter of them valid throughout), or
 * any value at any key, present or not; sometimes with extra keys.
 */
const candidate = fc
  .tuple(
    fc.oneof(
      fc.record(
        Object.fromEntries(
          zooKeys.map((key) => {
            // An optional field may also be present as undefined.
            const good = requiredZooKeys.includes(key) ? valid[key]! : fc.option(valid[key]!, { nil: undefined, freq: 4 });
            return [key, fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: value })];
          }),
        ),
        { requiredKeys: requiredZooKeys },
      ),
      fc.record(Object.fromEntries(zooKeys.map((key) => [key, value])), { requiredKeys: [] }),
    ),
    fc.dictionary(fc.constantFrom('extra', 'more', 'id2'), value, { maxKeys: 2 }),
  )
  .map(([fields, extra]) => ({ ...extra, ...fields }));

/** `safeParse` of both, in comparable form (issues as zod finalizes them, the data as a value). */
const outcome = (schema: zc.$ZodType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? { success: true, data: result.data } : { success: false, issues: result.error.issues };
};

describe('prechecked (a fast path with the same contract)', () => {
  it('accepts and refuses exactly what zod does, with the same issues and an equal output (property)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(candidate, (input) => {
        const fast = outcome(fastZoo, input);
        expect(fast).toEqual(outcome(zoo, input));
        if (!fast.success) return;
        accepted += 1;
        // And every value zod accepts takes the fast path (its answer is the value itself).
        expect(fast.data).toBe(input);
      }),
      { numRuns: 1000 },
    );
    // The comparison is only worth something if both answers occur often.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(900);
  });

  it('agrees on valid zoo objects with one field spoiled (property)', () => {
    const valid = { id: 'i', code: 'GBP', count: 3, kind: 'A', must: 0, nested: { a: 'x', b: [{ c: true }] }, list: [1] };
    expect(fastZoo.safeParse(valid).success).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...zooKeys, 'a', 'b', 'c'), value, (key, spoiled) => {
        const input = structuredClone(valid) as Record<string, unknown> & { nested: { a: unknown; b: Array<{ c: unknown }> } };
        if (key === 'a') input.nested.a = spoiled;
        else if (key === 'b') input.nested.b = spoiled as never;
        else if (key === 'c') input.nested.b[0]!.c = spoiled;
        else input[key] = spoiled;
        expect(outcome(fastZoo, input)).toEqual(outcome(zoo, input));
      }),
      { numRuns: 1000 },
    );
  });

  it('answers with the value itself on the fast path, and with zod\'s answer otherwise', () => {
    const input = JSON.parse('{"id":"i","code":"GBP","count":3,"kind":"B","must":null,"later":{"x":1}}') as unknown;
    expect(fastZoo.parse(input)).toBe(input);
    // JSON.parse makes an own "__proto__" key; zod leaves it out of its output, so zod answers.
    const withProto = JSON.parse('{"id":"i","code":"GBP","count":3,"kind":"B","must":1,"__proto__":{"polluted":true}}') as object;
    const parsed = fastZoo.parse(withProto);
    expect(parsed).not.toBe(withProto);
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reports zod\'s issues, paths and messages included', () => {
    const result = fastZoo.safeParse({ id: '', code: 'GBPX', count: 1.5, kind: 'C', must: 1, nested: { a: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['id', 'too_small'],
      ['code', 'too_big'],
      ['count', 'invalid_type'],
      ['kind', 'invalid_value'],
      ['nested.a', 'invalid_type'],
    ]);
    expect(result.error?.issues).toEqual(zoo.safeParse({ id: '', code: 'GBPX', count: 1.5, kind: 'C', must: 1, nested: { a: 1 } }).error?.issues);
  });

  it('refuses, on first use, schemas whose output is not their input', () => {
    for (const schema of [
      z.object({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.union([z.string(), z.number()]) }),
      z.looseObject({ a: z._default(z.string(), 'x') }),
      z.looseObject({ a: z.pipe(z.string(), z.transform((text) => text.length)) }),
      z.looseObject({ a: z.string().check(z.refine((text) => text !== '')) }),
      z.looseObject({ a: z.string().check(z.trim()) }),
    ] as zc.$ZodType[]) {
      expect(() => z.parse(prechecked(schema), { a: 'x' })).toThrow(/prechecked: .* is not supported/);
    }
  });
});
