/** An adapter's own close(), if it has one; failures are ignored (the others must still close). */
async function closeQuietly(adapter: unknown): Promise<void> {
  const close = (adapter as { close?: () => unknown } | null)?.close;
  if (typeof close === 'function') await Promise.resolve(close.call(adapter)).catch(() => undefined);
}

/**
 * What one container opened from the configuration, in the order it was opened: the agency closes
 * those, and only those — an adapter a caller gave (a test double, a shared database) is bound as a
 * constant and never passes through here, so it stays its owner's to close.
 *
 * The container resolves independent dependencies concurrently: when one fails to open, another may
 * still be opening. close() therefore waits for the openings under way before closing, and an
 * adapter whose opening ends after close() began is closed at once instead of being handed out.
 */
export class OpenedAdapters {
  readonly #opened: unknown[] = [];
  /** Openings under way, and closings of what arrived too late. */
  readonly #pending = new Set<Promise<unknown>>();
  /** The database: closed last, since the others may still write to it while they stop. */
  #database: { close(): Promise<void> } | null = null;
  #closing: Promise<void> | null = null;

  /** Remembers an adapter opened synchronously; answers it. */
  add<T>(adapter: T): T {
    if (this.#closing) {
      this.#track(closeQuietly(adapter));
      throw closedError();
    }
    this.#opened.push(adapter);
    return adapter;
  }

  /** Waits for an adapter being opened asynchronously and remembers it (`database`: closed last). */
  open<T>(opening: Promise<T>, options: { database?: boolean } = {}): Promise<T> {
    return this.#track(
      opening.then(async (adapter) => {
        if (this.#closing) {
          await closeQuietly(adapter);
          throw closedError();
        }
        if (options.database) this.#database = adapter as { close(): Promise<void> };
        else this.#opened.push(adapter);
        return adapter;
      }),
    );
  }

  /** Answers true when `adapter` was opened here (false for what a caller gave). */
  has(adapter: unknown): boolean {
    return adapter === this.#database || this.#opened.includes(adapter);
  }

  /**
   * Closes what was opened, newest first, the database last; once (later calls answer the same
   * promise). A failure to close the database is the caller's to see; the others' are ignored.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Openings under way end first: what they open is then closed by themselves (see open()).
      await Promise.allSettled([...this.#pending]);
      for (const adapter of this.#opened.splice(0).reverse()) await closeQuietly(adapter);
      await this.#database?.close();
    })();
    return this.#closing;
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#pending.add(work);
    work.then(
      () => this.#pending.delete(work),
      () => this.#pending.delete(work),
    );
    return work;
  }
}

function closedError(): Error {
  return new Error('The agency is closed: nothing more is opened.');
}
