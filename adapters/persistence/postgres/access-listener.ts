import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AccessChange, ExternalChanges } from '../access-changes.js';

/** The channel migration 0009's triggers notify when a session ends or a user's row changes. */
export const ACCESS_CHANNEL = 'evisa_access';

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/** A notification's payload as a change: `s:<id_hash>`, `u:<user id>`, anything else everything. */
export function accessChangeOf(payload: string | undefined): AccessChange {
  if (payload?.startsWith('s:')) return { session: payload.slice(2) };
  if (payload?.startsWith('u:')) {
    const user = Number(payload.slice(2));
    if (Number.isSafeInteger(user)) return { user };
  }
  return 'everything';
}

/**
 * Other processes' changes on PostgreSQL: one connection of its own (outside the pool) LISTENs on
 * ACCESS_CHANNEL, where triggers on sessions and users announce every change in the writer's own
 * transaction, whichever process or statement made it. It is opened on first use (only a server's
 * session cache asks; the CLI never does), and reports changes as trusted only once a probe
 * notification sent from ANOTHER connection (`notifyElsewhere`, the pool) has reached it: a server,
 * proxy or embedded database that does not deliver one connection's notifications to another leaves
 * the cache off rather than stale. When the connection is lost, everything is announced as changed and
 * nothing is trusted until it is back (retried with backoff up to 30 s).
 *
 * Notifications arrive a moment after the writer's commit, so a request that reaches this node
 * right after a logout answered by another could come before it. `sync()` therefore sends a tiny
 * query on this connection and waits for its answer: the server delivers every notification
 * committed before it read that query ahead of the answer (it handles pending notifications as it
 * reads a command). One such round trip serves every request that asked before it was sent; those
 * that ask while it is on the way share the next one. The query answers the server process it ran
 * on: a different one than the LISTEN's means a transaction-mode pooler (pgbouncer) sits in
 * between and hands this connection's notifications to others, so nothing is trusted (the cache
 * stays off; point DATABASE_URL at PostgreSQL or a session-mode pooler to have it).
 */
export function accessListener(url: string, notifyElsewhere: (channel: string, payload: string) => Promise<unknown>): ExternalChanges {
  let announce: (change: AccessChange) => void = () => undefined;
  let client: pg.Client | null = null;
  let live = false;
  let started = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;
  /** Requests waiting for a barrier that is not sent yet, and whether one is on the way. */
  let waiting: ((trusted: boolean) => void)[] = [];
  let sending = false;
  /** The server process the LISTEN ran on. */
  let listening: number | null = null;

  async function sendBarriers(): Promise<void> {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const on = client;
      let trusted = false;
      if (on && live) {
        try {
          const { rows } = await on.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          trusted = live && client === on && rows[0]?.pid === listening;
          if (!trusted) lost(on);
        } catch {
          lost(on);
        }
      }
      for (const resolve of batch) resolve(trusted);
    }
    sending = false;
  }

  function barrier(): Promise<boolean> {
    return new Promise((resolve) => {
      waiting.push(resolve);
      if (!sending) void sendBarriers();
    });
  }

  function lost(from: pg.Client): void {
    if (client !== from) return;
    client = null;
    if (live) announce('everything');
    live = false;
    from.removeAllListeners('notification');
    from.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(LAST_RETRY_MS, retryMs * 2);
  }

  async function connect(): Promise<void> {
    const probe = `probe:${randomUUID()}`;
    const listener = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000, application_name: 'evisa-access-listener' });
    client = listener;
    listener.on('notification', (message) => {
      if (message.channel !== ACCESS_CHANNEL || client !== listener) return;
      if (message.payload === probe) {
        live = true;
        retryMs = FIRST_RETRY_MS;
      } else if (!message.payload?.startsWith('probe:')) {
        announce(accessChangeOf(message.payload));
      }
    });
    listener.on('error', () => lost(listener));
    listener.on('end', () => lost(listener));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${ACCESS_CHANNEL}`);
      listening = (await listener.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? null;
    } catch {
      lost(listener);
      return;
    }
    // A probe that cannot be sent is a lost connection: it is opened again, with backoff, and probed anew.
    await notifyElsewhere(ACCESS_CHANNEL, probe).catch(() => lost(listener));
  }

  return {
    sync(announceTo) {
      announce = announceTo;
      if (!started && !closed) {
        started = true;
        void connect();
      }
      return live && barrier();
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
