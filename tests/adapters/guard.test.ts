import { describe, expect, it } from 'vitest';
import { errors, isDomainError } from '../../core/domain/errors.js';
import { guard, type Translate } from '../../adapters/shared/guard.js';

// The one adapter boundary (persistence, storage and mail use it): what a method throws leaves as
// the family's translation, whatever kind of method it is; domain errors and untranslated errors pass.

const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
const translate: Translate = (error) => ((error as { code?: string }).code === 'ECONNREFUSED' ? errors.unavailable('storage', 'Store down.') : null);

class FakeStore {
  readonly name = 'fake';
  calls = 0;
  constructor(private readonly fail: unknown) {
    return guard(this, translate);
  }
  async read(): Promise<string> {
    this.calls += 1;
    throw this.fail;
  }
  /** Calls itself: the inner failure is translated once, at the outer call. */
  async readTwice(): Promise<string> {
    return this.read();
  }
  count(): number {
    if (this.fail) throw this.fail;
    return this.calls;
  }
  async *list(): AsyncGenerator<number> {
    yield 1;
    throw this.fail;
  }
}

async function caught(work: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('guard: the adapter boundary', () => {
  it('translates what async, plain and streaming methods throw', async () => {
    const store = new FakeStore(down);
    expect(await caught(store.read())).toMatchObject({ data: { type: 'Unavailable', service: 'storage', message: 'Store down.' } });
    expect(await caught(store.readTwice())).toMatchObject({ data: { type: 'Unavailable' } });
    expect(await caught(() => store.count())).toMatchObject({ data: { type: 'Unavailable' } });
    const seen: number[] = [];
    const streamed = await caught(
      (async () => {
        for await (const n of store.list()) seen.push(n);
      })(),
    );
    expect(seen).toEqual([1]);
    expect(isDomainError(streamed, 'Unavailable')).toBe(true);
  });

  it('keeps the instance what it is: class, fields and state', async () => {
    const store = new FakeStore(null);
    expect(store).toBeInstanceOf(FakeStore);
    expect(store.name).toBe('fake');
    expect(store.count()).toBe(0); // a plain method stays synchronous
    await store.read().catch(() => undefined);
    expect(store.calls).toBe(1);
  });

  it('lets domain errors and failures it does not know through unchanged', async () => {
    const domain = errors.notFound('File');
    expect(await caught(new FakeStore(domain).read())).toBe(domain);
    const bug = new TypeError('x is not a function');
    expect(await caught(new FakeStore(bug).read())).toBe(bug);
  });

  it('guards plain objects too (the persistence stores)', async () => {
    const store = guard({ dialect: 'x', find: async () => Promise.reject(down) }, translate);
    expect(store.dialect).toBe('x');
    expect(await caught(store.find())).toMatchObject({ data: { type: 'Unavailable' } });
  });
});
