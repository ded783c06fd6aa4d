/**
 * A fast path for validating large answers with their contract, without `eval`.
 *
 * zod runs a schema node by node: every field of every object goes through a parse function, an
 * optional wrapper and a result object, and every object and array is copied into the output.
 * An account answer of 1,000 licences is about 150,000 such runs: 30–40 ms. zod/mini never
 * compiles an object (zod's `new Function` JIT is in classic zod's objects only), and the
 * browser could not use it anyway: the web's Content-Security-Policy forbids `unsafe-eval`.
 *
 * {@link prechecked} compiles a schema once into a tree of plain nodes, read by one function that
 * only answers "would zod accept this value, and output a copy of it?", and returns a schema that
 * asks it first: when it says yes, the answer is the value itself; otherwise zod parses the value
 * as it always did, with its issues or its output. The contract therefore stays exactly as
 * declared: the same values pass, the same values fail, with the same issues. The common checks
 * (`int`, `gte`, `lte`, lengths) repeat zod's comparisons; any other pure check is zod's own
 * function, called on a scratch payload. The fast path may refuse a value zod accepts (zod then
 * answers, slower), never the other way round; the tests hold it to both.
 */
import * as z from 'zod/mini';
import type * as zc from 'zod/v4/core';

/** What a node of the compiled test checks before its zod checks. */
const enum Kind {
  String,
  Number,
  Boolean,
  Null,
  Unknown,
  /** One of `values` (enum, literal). */
  Values,
  Array,
  Object,
}

/**
 * One schema node, flattened: `optional` and `nullable` wrappers become flags on their inner
 * node. A single recursive function reads these (rather than a tree of closures: one call site
 * calling dozens of different closures is what makes such validators slow in V8).
 */
interface Node {
  kind: Kind;
  /** `undefined` passes (z.optional). */
  optional: boolean;
  /** `null` passes (z.nullable). */
  nullable: boolean;
  /** The node's checks (formats such as `z.int()` included), or null when none. */
  checks: Check[] | null;
  values: ReadonlySet<unknown> | null;
  element: Node | null;
  /** The declared keys of an object. */
  fields: Map<string, Field> | null;
  /** How many declared keys of an object must be present. */
  required: number;
  /**
   * The first keys of the object last seen, in order, with their fields (undefined: not
   * declared): objects of one kind mostly arrive with their keys in one order, so comparing each
   * key with the one at the same place last time spares most lookups.
   */
  seenKeys: string[];
  seenFields: Array<Field | undefined>;
  /**
   * How an array or object tests this node as its element or field without calling {@link test}
   * (most values of an answer are such leaves): see {@link Leaf}.
   */
  leaf: Leaf;
  /** The bounds a {@link Leaf.IntRange} or {@link Leaf.StringLength} leaf compares with. */
  low: number;
  high: number;
}

/** A node whose test is one comparison, done inline by the array and object loops. */
const enum Leaf {
  /** Not a leaf: {@link test} tests it. */
  None,
  /** A string without checks, or with only a minimum length of 1 (non-empty). */
  String,
  NonEmptyString,
  Boolean,
  /** One of `values` (enum, literal) without checks. */
  Values,
  /** An integer (`z.int()`) without other checks. */
  Int,
  /** An integer between `low` and `high` (`z.int()` with `gte` and `lte`). */
  IntRange,
  /** A string of `low` code points exactly (`z.length`). */
  StringLength,
}

/** A declared key of an object: its node, and whether it must be present. */
interface Field {
  node: Node;
  required: boolean;
}

/** How many keys of an object {@link Node.seenKeys} remembers. */
const SEEN_KEYS = 64;

/** Checks that only read the value (no refinements: they may be async or read the context; no overwrites). */
const PURE_CHECKS: ReadonlySet<string> = new Set([
  'less_than',
  'greater_than',
  'multiple_of',
  'number_format',
  'min_length',
  'max_length',
  'length_equals',
  'string_format',
]);

const unsupported = (what: string): Error =>
  new Error(`prechecked: ${what} is not supported (the schema must be plain data: no transforms, defaults or refinements)`);

/** How a check is tested: the common ones inline, any other pure check by calling zod's own. */
const enum Op {
  AtLeast,
  MoreThan,
  AtMost,
  LessThan,
  SafeInt,
  MinLength,
  MaxLength,
  Length,
  Zod,
}

/** One check of a node: `op` with its `limit`, or `zod`'s own check function (`Op.Zod`). */
interface Check {
  op: Op;
  limit: number;
  zod: zc.$ZodCheck;
}

/**
 * The test of one of zod's checks on values of `kind`. Inline tests repeat zod's comparisons
 * exactly (lengths of strings in code points, as zod counts them); a check with a condition of
 * its own (`when`) may make zod skip it where the inline test still applies, which can only
 * send a value to zod, never let a wrong one through.
 */
function checkOf(check: zc.$ZodCheck, kind: Kind): Check {
  const def = check._zod.def as zc.$ZodCheckDef & {
    value?: unknown;
    inclusive?: boolean;
    format?: string;
    minimum?: number;
    maximum?: number;
    length?: number;
  };
  const lengthy = kind === Kind.String || kind === Kind.Array;
  const inline = (op: Op, limit: unknown): Check | null =>
    typeof limit === 'number' ? { op, limit, zod: check } : null;
  const found =
    def.check === 'greater_than'
      ? inline(def.inclusive === true ? Op.AtLeast : Op.MoreThan, def.value)
      : def.check === 'less_than'
        ? inline(def.inclusive === true ? Op.AtMost : Op.LessThan, def.value)
        : def.check === 'number_format' && def.format === 'safeint'
          ? inline(Op.SafeInt, 0)
          : def.check === 'min_length' && lengthy
            ? inline(Op.MinLength, def.minimum)
            : def.check === 'max_length' && lengthy
              ? inline(Op.MaxLength, def.maximum)
              : def.check === 'length_equals' && lengthy
                ? inline(Op.Length, def.length)
                : null;
  return found ?? { op: Op.Zod, limit: 0, zod: check };
}

/** The checks of `schema` (its own, for formats such as `z.int()`, then `def.checks`), all pure, or null. */
function checksOf(schema: zc.$ZodType, kind: Kind): Check[] | null {
  const own = schema._zod.traits.has('$ZodCheck') ? [schema as unknown as zc.$ZodCheck] : [];
  const checks = [...own, ...((schema._zod.def.checks ?? []) as zc.$ZodCheck[])];
  for (const check of checks) {
    if (!PURE_CHECKS.has(check._zod.def.check)) throw unsupported(`the check "${check._zod.def.check}"`);
  }
  return checks.length === 0 ? null : checks.map((check) => checkOf(check, kind));
}

const KINDS: Readonly<Record<string, Kind>> = {
  string: Kind.String,
  number: Kind.Number,
  boolean: Kind.Boolean,
  null: Kind.Null,
  unknown: Kind.Unknown,
  any: Kind.Unknown,
  enum: Kind.Values,
  literal: Kind.Values,
  array: Kind.Array,
  object: Kind.Object,
};

/** The node of `schema`; throws for a schema kind whose output is not its input. */
function compile(schema: zc.$ZodType): Node {
  const def = schema._zod.def as zc.$ZodTypeDef & { coerce?: boolean };
  if (def.type === 'optional' || def.type === 'nullable') {
    if ((def.checks ?? []).length > 0) throw unsupported(`a check on ${def.type}`);
    // The inner node is this wrapper's own (compile makes a new node each time): set its flag in
    // place, so that every node keeps the one hidden class of the literal below (a spread copy
    // would give V8 objects of other shapes, and every read of a node a polymorphic load).
    const inner = compile((def as zc.$ZodOptionalDef | zc.$ZodNullableDef).innerType);
    if (def.type === 'optional') inner.optional = true;
    else inner.nullable = true;
    return inner;
  }
  const kind = KINDS[def.type];
  if (kind === undefined) throw unsupported(`the type "${def.type}"`);
  if (def.coerce === true) throw unsupported('coercion');
  const node: Node = {
    kind,
    optional: false,
    nullable: false,
    checks: checksOf(schema, kind),
    values: null,
    element: null,
    fields: null,
    required: 0,
    seenKeys: [],
    seenFields: [],
    leaf: Leaf.None,
    low: 0,
    high: 0,
  };
  if (kind === Kind.Values) {
    node.values = schema._zod.values ?? null;
    if (node.values === null) throw unsupported(`a ${def.type} without values`);
  } else if (kind === Kind.Array) {
    node.element = compile((def as zc.$ZodArrayDef).element);
  } else if (kind === Kind.Object) {
    const objectDef = def as zc.$ZodObjectDef;
    const catchall = objectDef.catchall?._zod.def.type;
    // z.object strips unknown keys and z.strictObject refuses them: only looseObject's output is its input.
    if (catchall !== 'unknown' && catchall !== 'any') throw unsupported('an object that is not a looseObject');
    if (Object.getOwnPropertySymbols(objectDef.shape).length > 0) throw unsupported('a symbol key');
    node.fields = new Map();
    for (const key of Object.keys(objectDef.shape)) {
      const field = objectDef.shape[key] as zc.$ZodType;
      const { optin, optout } = field._zod;
      // zod tests presence with `key in value`, which also sees Object.prototype's keys ("toString").
      if (key in Object.prototype || (optin !== undefined && optin !== 'optional') || (optin === 'optional' && optout !== 'optional')) {
        throw unsupported(`the field "${key}"`);
      }
      // As zod: an absent key passes only when the field is optional in and out.
      node.fields.set(key, { node: compile(field), required: optin === undefined });
      if (optin === undefined) node.required += 1;
    }
  }
  node.leaf = leafOf(node);
  return node;
}

/** The {@link Leaf} of a compiled node (its optional and nullable flags are set afterwards, and read by the loops). */
function leafOf(node: Node): Leaf {
  const { kind, checks } = node;
  if (kind === Kind.String) {
    if (checks === null) return Leaf.String;
    if (checks.length !== 1) return Leaf.None;
    const { op, limit } = checks[0]!;
    // A minimum length of 1: zod counts code points, and a non-empty string has at least one.
    if (op === Op.MinLength && limit === 1) return Leaf.NonEmptyString;
    if (op === Op.Length) {
      node.low = limit;
      return Leaf.StringLength;
    }
    return Leaf.None;
  }
  if (kind === Kind.Number && checks !== null && checks[0]!.op === Op.SafeInt) {
    if (checks.length === 1) return Leaf.Int;
    // z.int().check(z.gte(low), z.lte(high)), in either order.
    const bounds = checks.slice(1);
    const low = bounds.find((check) => check.op === Op.AtLeast);
    const high = bounds.find((check) => check.op === Op.AtMost);
    if (bounds.length === 2 && low !== undefined && high !== undefined) {
      node.low = low.limit;
      node.high = high.limit;
      return Leaf.IntRange;
    }
    return Leaf.None;
  }
  if (checks !== null) return Leaf.None;
  if (kind === Kind.Boolean) return Leaf.Boolean;
  if (kind === Kind.Values) return Leaf.Values;
  return Leaf.None;
}

/**
 * {@link test} of a leaf node, inline (`node.leaf` is not {@link Leaf.None}); the same answer.
 */
function testLeaf(node: Node, value: unknown): boolean {
  switch (node.leaf) {
    case Leaf.String:
      if (typeof value === 'string') return true;
      break;
    case Leaf.NonEmptyString:
      if (typeof value === 'string' && value.length > 0) return true;
      break;
    case Leaf.Boolean:
      if (typeof value === 'boolean') return true;
      break;
    case Leaf.Int:
      if (Number.isSafeInteger(value)) return true;
      break;
    case Leaf.IntRange:
      if (Number.isSafeInteger(value) && (value as number) >= node.low && (value as number) <= node.high) return true;
      break;
    case Leaf.StringLength: {
      // As Op.Length: zod counts code points, and only a length up to twice the limit can match.
      const limit = node.low;
      if (typeof value === 'string' && value.length >= limit && value.length <= 2 * limit && codePoints(value) === limit) return true;
      break;
    }
    default:
      if (node.values!.has(value)) return true;
  }
  return (value === undefined && node.optional) || (value === null && node.nullable);
}

/** The payload zod's own checks run on; reused (checks never reenter this module), emptied after each. */
const scratch: { value: unknown; issues: unknown[] } = { value: undefined, issues: [] };

/** zod's own check on `value`. */
function zodPasses(check: zc.$ZodCheck, value: unknown): boolean {
  scratch.value = value;
  const when = check._zod.def.when;
  if (when === undefined || when(scratch as zc.ParsePayload)) check._zod.check(scratch as zc.ParsePayload<never>);
  const passed = scratch.issues.length === 0;
  if (!passed) scratch.issues.length = 0;
  scratch.value = undefined;
  return passed;
}

/** Unicode code points of `text`, as zod counts them (a surrogate pair is one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i += 1) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count -= 1;
      i += 1;
    }
  }
  return count;
}

/** True when every check passes on `value` (a string or an array for the length checks). */
function passes(checks: Check[], value: unknown): boolean {
  for (const check of checks) {
    const limit = check.limit;
    let passed: boolean;
    switch (check.op) {
      case Op.AtLeast:
        passed = (value as number) >= limit;
        break;
      case Op.MoreThan:
        passed = (value as number) > limit;
        break;
      case Op.AtMost:
        passed = (value as number) <= limit;
        break;
      case Op.LessThan:
        passed = (value as number) < limit;
        break;
      case Op.SafeInt:
        passed = Number.isSafeInteger(value);
        break;
      case Op.MinLength: {
        // As zod: only a length between the limit and twice it can differ in code points.
        const units = (value as string).length;
        passed = units >= limit && (units >= 2 * limit || typeof value !== 'string' || codePoints(value) >= limit);
        break;
      }
      case Op.MaxLength: {
        const units = (value as string).length;
        passed = units <= limit || (typeof value === 'string' && codePoints(value) <= limit);
        break;
      }
      case Op.Length: {
        const units = (value as string).length;
        passed = units >= limit && units <= 2 * limit && (typeof value !== 'string' ? units === limit : codePoints(value) === limit);
        break;
      }
      default:
        passed = zodPasses(check.zod, value);
    }
    if (!passed) return false;
  }
  return true;
}

/**
 * True when zod would accept `value` with `node`'s schema and output a deep copy of it. An object
 * is read by walking its own keys (`for…in`, served from V8's enumeration cache) rather than by
 * looking each declared key up, which is several times faster over objects of many shapes.
 */
function test(node: Node, value: unknown): boolean {
  if ((value === undefined && node.optional) || (value === null && node.nullable)) return true;
  switch (node.kind) {
    case Kind.String:
      if (typeof value !== 'string') return false;
      break;
    case Kind.Number:
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      break;
    case Kind.Boolean:
      if (typeof value !== 'boolean') return false;
      break;
    case Kind.Null:
      if (value !== null) return false;
      break;
    case Kind.Unknown:
      break;
    case Kind.Values:
      if (!node.values!.has(value)) return false;
      break;
    case Kind.Array: {
      if (!Array.isArray(value)) return false;
      const element = node.element!;
      if (element.leaf !== Leaf.None) {
        for (let i = 0; i < value.length; i += 1) if (!testLeaf(element, value[i])) return false;
      } else {
        for (let i = 0; i < value.length; i += 1) if (!test(element, value[i])) return false;
      }
      break;
    }
    case Kind.Object: {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const fields = node.fields!;
      const record = value as Record<string, unknown>;
      const { seenKeys, seenFields } = node;
      let present = 0;
      let at = 0;
      for (const key in record) {
        let field: Field | undefined;
        if (seenKeys[at] === key) {
          field = seenFields[at];
        } else {
          field = fields.get(key);
          if (at < SEEN_KEYS) {
            seenKeys[at] = key;
            seenFields[at] = field;
          }
        }
        at += 1;
        if (field === undefined) {
          // zod leaves an own "__proto__" key (JSON.parse makes one) out of its output: let zod answer.
          if (key === '__proto__') return false;
          continue;
        }
        const child = field.node;
        if (!(child.leaf === Leaf.None ? test(child, record[key]) : testLeaf(child, record[key]))) return false;
        if (field.required) present += 1;
      }
      if (present !== node.required) return false;
      break;
    }
  }
  return node.checks === null || passes(node.checks, value);
}

/**
 * `schema` with a fast path: the same values pass and fail, with the same issues and an equal
 * output (deep equality; on the fast path the output is the input itself, not a copy).
 *
 * - `schema`: plain data only: `looseObject` (the contracts' objects), `array`, `string`,
 *   `number`/`int`, `boolean`, `null`, `enum`, `literal`, `unknown`, `optional`, `nullable`,
 *   with checks that only read the value (`minLength`, `length`, `gte`, `lte`, formats, ...).
 *   Anything else (`z.object`, which strips unknown keys; unions; transforms; defaults;
 *   refinements) throws an `Error` the first time the schema is used.
 * - Returns a zod schema (a `custom` type carrying the schema's input and output types): its
 *   check runs the compiled acceptance test (no `eval`, so it is the same under a CSP that
 *   forbids `unsafe-eval`) and, only when that refuses the value, `safeParse(schema, value)`,
 *   whose issues (already finalized: message and path) or output become the answer.
 *
 * The compiled test is built on first use, so importing a contract costs nothing more.
 */
export function prechecked<S extends zc.$ZodType>(schema: S): z.ZodMiniType<zc.output<S>, zc.input<S>> {
  let node: Node | undefined;
  return z.custom<zc.output<S>>().check(
    z.check((payload) => {
      node ??= compile(schema);
      let fast = false;
      try {
        fast = test(node, payload.value);
      } catch {
        // A getter that throws (never in JSON): zod answers.
        scratch.value = undefined;
        scratch.issues.length = 0;
      }
      if (fast) return;
      const result = z.safeParse(schema, payload.value);
      if (result.success) payload.value = result.data;
      else payload.issues.push(...(result.error.issues as zc.$ZodRawIssue[]));
    }),
  ) as unknown as z.ZodMiniType<zc.output<S>, zc.input<S>>;
}
