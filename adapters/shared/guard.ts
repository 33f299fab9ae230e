import { isDomainError, type DomainError } from '../../core/domain/errors.js';

/** Turns an adapter's infrastructure failure into the domain's error; null leaves the error as it is. */
export type Translate = (error: unknown) => DomainError | null;

/** What leaves the boundary: domain errors as they are, anything else as `translate` says. */
function translated(error: unknown, translate: Translate): unknown {
  if (isDomainError(error)) return error;
  return translate(error) ?? error;
}

/** Runs `work`, translating what it throws. */
export async function translating<T>(work: () => Promise<T>, translate: Translate): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translated(error, translate);
  }
}

async function* translatingStream<T>(stream: AsyncIterable<T>, translate: Translate): AsyncGenerator<T> {
  try {
    yield* stream;
  } catch (error) {
    throw translated(error, translate);
  }
}

type Method = (...args: unknown[]) => unknown;

function translatingMethod(method: Method, self: object, translate: Translate): Method {
  if (method.constructor?.name === 'AsyncGeneratorFunction') {
    return (...args) => translatingStream(method.apply(self, args) as AsyncIterable<unknown>, translate);
  }
  return (...args) => {
    let result: unknown;
    try {
      result = method.apply(self, args);
    } catch (error) {
      throw translated(error, translate);
    }
    return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(translated(error, translate))) : result;
  };
}

/**
 * An adapter's boundary, written once for every adapter family (persistence, storage, mail): each
 * method called on the answer — promise-returning, streaming (async generators) or plain — passes
 * what it throws through the family's `translate`, so an infrastructure failure leaves the adapter
 * as the domain's Unavailable and never as a driver's or SDK's error.
 *
 * Plain objects and class instances alike (a Proxy: fields, getters and `instanceof` stay as they
 * are). The adapter's calls on itself are not wrapped again: translation happens once, at the edge.
 * A class guards itself by ending its constructor with `return guard(this, translate)`.
 */
export function guard<T extends object>(adapter: T, translate: Translate): T {
  const wrapped = new Map<PropertyKey, { method: Method; translating: Method }>();
  return new Proxy(adapter, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || key === 'constructor') return value;
      let entry = wrapped.get(key);
      if (entry?.method !== value) {
        entry = { method: value as Method, translating: translatingMethod(value as Method, target, translate) };
        wrapped.set(key, entry);
      }
      return entry.translating;
    },
  });
}
