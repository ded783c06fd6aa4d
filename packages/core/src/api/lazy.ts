import type { AnyCallContract, CallArea, CallOptions } from '../contracts/define.js';

/** Sends one call of a contract: the client's `request`. */
export type SendCall = (contract: AnyCallContract, input?: object, options?: CallOptions) => Promise<unknown>;

/** One method of an area: the call's input and how it is sent (`signal`). */
type AreaMethod = (input?: object, options?: CallOptions) => Promise<unknown>;

/** The methods of one area of the client: one per call, each taking the call's input and options. */
export type AreaMethods = Readonly<Record<string, AreaMethod>>;

/** The methods of an area whose contracts are at hand: `methods.pause(input)` sends `area.pause`. */
export function areaMethods(area: CallArea, send: SendCall): AreaMethods {
  return Object.fromEntries(Object.entries(area).map(([name, contract]) => [name, (input?: object, options?: CallOptions) => send(contract, input, options)]));
}

/**
 * The methods of an area whose contracts are loaded on its first call (`load`, a dynamic
 * `import()` of the area's contract module), so that a page that never calls it does not
 * download them. No list of the area's calls is kept: the area is a `Proxy` whose every string
 * property (other than `then` and the names of `Object.prototype`) is a method that loads the
 * area once, then sends `area[name]`; a name the loaded area lacks rejects with a `TypeError`.
 * A failed load rejects that call and is retried on the next one. `Object.keys` of a lazy area
 * is empty; a method is the same function on every read.
 */
export function lazyArea(areaName: string, load: () => Promise<CallArea>, send: SendCall): AreaMethods {
  let loading: Promise<CallArea> | undefined;
  const loaded = (): Promise<CallArea> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const methods = new Map<string, AreaMethod>();
  return new Proxy({} as AreaMethods, {
    get(_, name) {
      // `then`: the area must not look like a promise (`await api.licences`); symbols and
      // Object.prototype's names (`toString`, `constructor`…) are not calls.
      if (typeof name !== 'string' || name === 'then' || name in Object.prototype) return undefined;
      let method = methods.get(name);
      if (!method) {
        method = async (input?: object, options?: CallOptions) => {
          const area = await loaded();
          const contract = Object.hasOwn(area, name) ? area[name] : undefined;
          if (!contract) throw new TypeError(`${areaName}.${name} is not a call of the platform API`);
          return send(contract, input, options);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
