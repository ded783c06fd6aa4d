/** An API area: methods that each answer a promise. */
type Area = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * An API area whose module is loaded on its first call (a dynamic `import()`), so that a page
 * that never calls it does not download its contracts: bundlers put it in a chunk of its own.
 * `names` lists the area's methods; each returns the loaded method's promise. A failed load
 * rejects that call and is retried on the next one.
 */
export function lazyArea<T extends Area>(load: () => Promise<T>, names: readonly (keyof T)[]): T {
  let loading: Promise<T> | undefined;
  const area = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const methods: Partial<T> = {};
  for (const name of names) {
    methods[name] = ((...args: never[]) => area().then((loaded) => loaded[name]!(...args))) as T[keyof T];
  }
  return methods as T;
}
