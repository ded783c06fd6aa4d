/**
 * The control-character rule (docs/api.md "Control characters"): no C0 control character
 * (U+0000–U+001F) in a path segment, a query key or value, or a header-free identifier; inside a
 * request body's strings (JSON strings and object keys, form fields) only TAB, LF and CR
 * (U+0009, U+000A, U+000D) are allowed, for free-text fields (addresses, names pasted with a
 * line break). The database refuses U+0000, and no field of the platform needs the others.
 */

/** Any C0 control character. */
const C0 = /[\u0000-\u001f]/;
/** A C0 control character other than TAB, LF and CR. */
const C0_BUT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Whether `text` holds a C0 control character (TAB, LF, CR allowed when `allowWhitespace`). */
export function hasControlChar(text: string, allowWhitespace = false): boolean {
  return (allowWhitespace ? C0_BUT_WHITESPACE : C0).test(text);
}

/** How deep a JSON body may nest (objects and arrays); deeper bodies are refused with 400. */
export const MAX_JSON_DEPTH = 64;

/** What {@link checkJsonStrings} found wrong with a parsed JSON value. */
export type JsonStringProblem = { kind: 'controlChar'; path: string } | { kind: 'tooDeep'; path: string };

/**
 * Walks a parsed JSON value (iteratively, so a deeply nested body cannot overflow the stack) and
 * reports the first string or object key with a control character other than TAB/LF/CR, or the
 * first place nested deeper than {@link MAX_JSON_DEPTH}. `undefined` when the value is clean.
 * `path` is dotted (`body.address.line1`, `body.items.0`).
 */
export function checkJsonStrings(value: unknown, root = 'body', maxDepth = MAX_JSON_DEPTH): JsonStringProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      if (hasControlChar(v, true)) return { kind: 'controlChar', path: item.path };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (item.depth >= maxDepth) return { kind: 'tooDeep', path: item.path };
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], path: `${item.path}.${i}`, depth: item.depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      if (hasControlChar(key, true)) return { kind: 'controlChar', path: `${item.path}.${JSON.stringify(key)}` };
      stack.push({ value: child, path: `${item.path}.${key}`, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** The 400 message of a {@link JsonStringProblem} (the value itself is never echoed). */
export function problemMessage(problem: JsonStringProblem): string {
  return problem.kind === 'controlChar'
    ? `${problem.path}: control characters are not allowed (only tab, line feed and carriage return inside body strings)`
    : `${problem.path.split('.')[0]}: nested deeper than ${MAX_JSON_DEPTH} levels`;
}
