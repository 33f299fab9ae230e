/**
 * What decides access changed: a session ended, or a user's row (rights, password, the account
 * details a signed-in page shows) changed or was erased; 'everything' when which rows is not known.
 */
export type AccessChange = { session: string } | { user: number } | 'everything';

/**
 * Tells a process-local cache of signed-in sessions when to drop an entry: every change made
 * through this process's stores (at once, before the write's promise resolves) and every change
 * made by any other process on the same database (another node, the CLI, a hand-written SQL
 * statement) — SQLite by `PRAGMA data_version`, PostgreSQL by LISTEN/NOTIFY from triggers.
 */
export interface AccessChanges {
  /**
   * Brings this process's view up to date — every change committed before the call has been
   * announced when it answers — and answers whether a cache may be trusted now. SQLite reads
   * `PRAGMA data_version` and, when another connection has committed since, announces
   * 'everything' (synchronously: a few microseconds). PostgreSQL makes one round trip on its LISTEN
   * connection, which the server answers only after delivering every notification committed before
   * it (shared by all the requests that ask while the previous one is on the way), and answers false
   * while that connection is not (yet, or any more) receiving notifications.
   */
  sync(): boolean | Promise<boolean>;
  /** Calls `listener` with every change from now on; answers the unsubscribe. */
  subscribe(listener: (change: AccessChange) => void): () => void;
}

/** Where a dialect learns of other processes' changes (see AccessChanges.sync). */
export interface ExternalChanges {
  /** Starts watching on first use; answers (as AccessChanges.sync) whether every change is being reported. */
  sync(announce: (change: AccessChange) => void): boolean | Promise<boolean>;
  close(): Promise<void>;
}

/** The feed of one Persistence: its stores `announce` their writes; `external` reports the rest. */
export class AccessChangeFeed implements AccessChanges {
  private readonly listeners = new Set<(change: AccessChange) => void>();
  private external: ExternalChanges | null = null;

  /** The dialect's watcher of other processes (none: this process makes every change, as in memory). */
  watch(external: ExternalChanges): void {
    this.external = external;
  }

  readonly announce = (change: AccessChange): void => {
    for (const listener of this.listeners) listener(change);
  };

  sync(): boolean | Promise<boolean> {
    return this.external ? this.external.sync(this.announce) : true;
  }

  subscribe(listener: (change: AccessChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.external?.close();
  }
}

/**
 * Runs a store's write and announces `change` after it, whether it succeeded or not (a write whose
 * outcome is unknown, such as one cut off by a lost connection, may still have happened).
 */
export async function announcing<T>(feed: AccessChangeFeed, change: AccessChange, write: () => PromiseLike<T>): Promise<T> {
  try {
    return await write();
  } finally {
    feed.announce(change);
  }
}
