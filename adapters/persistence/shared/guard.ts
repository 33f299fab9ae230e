import { isDomainError, type DomainError } from '../../../core/domain/errors.js';

/** Turns a driver's infrastructure failure into the domain's error; null leaves the error as it is. */
export type Translate = (error: unknown) => DomainError | null;

function rethrow(error: unknown, translate: Translate): never {
  if (!isDomainError(error)) {
    const translated = translate(error);
    if (translated) throw translated;
  }
  throw error;
}

/** Runs `work`, translating what it throws. */
export async function translating<T>(work: () => Promise<T>, translate: Translate): Promise<T> {
  try {
    return await work();
  } catch (error) {
    rethrow(error, translate);
  }
}

async function* translatingStream<T>(stream: AsyncIterable<T>, translate: Translate): AsyncGenerator<T> {
  try {
    yield* stream;
  } catch (error) {
    rethrow(error, translate);
  }
}

/**
 * The persistence boundary: wraps every method of a store (promise-returning and streaming alike)
 * so infrastructure failures leave it as the domain's Unavailable, translated by the dialect's
 * `translate`, and never as a driver error.
 */
export function guard<T extends object>(store: T, translate: Translate): T {
  const out = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(store)) {
    if (typeof value !== 'function') {
      out[key] = value;
    } else if (value.constructor?.name === 'AsyncGeneratorFunction') {
      out[key] = (...args: unknown[]) => translatingStream(value.apply(store, args) as AsyncIterable<unknown>, translate);
    } else {
      out[key] = (...args: unknown[]) => translating(() => value.apply(store, args) as Promise<unknown>, translate);
    }
  }
  return out as T;
}
