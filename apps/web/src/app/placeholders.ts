const OPTIONAL_PART = /\[([^[\]]*\{\w+\}[^[\]]*)\]/g;
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills the `{name}` placeholders of a label from `vars`. A bracketed part holding placeholders,
 * as in `Paused[ until {date}]`, is kept (without its brackets) when every one of them has a
 * non-empty value, else dropped: one label serves a message with and without its date.
 * Placeholders without a value outside brackets stay as they are; brackets without a
 * placeholder are plain text.
 */
export function fillPlaceholders(text: string, vars?: Readonly<Record<string, string | undefined>>): string {
  const has = (name: string) => typeof vars?.[name] === 'string' && vars[name] !== '';
  const withOptional = text.replace(OPTIONAL_PART, (_whole, inner: string) =>
    [...inner.matchAll(PLACEHOLDER)].every((match) => has(match[1]!)) ? inner : '',
  );
  if (!vars) return withOptional;
  return withOptional.replace(PLACEHOLDER, (whole, name: string) => (has(name) ? vars[name]! : whole));
}
