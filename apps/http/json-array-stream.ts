import type { Context, TypedResponse } from 'hono';
import { stream } from 'hono/streaming';
import type { JSONParsed } from 'hono/utils/types';
import { logOf } from './request-context.js';

/** Bytes gathered before a write: few writes per page of elements, never more than this held. */
const FLUSH_BYTES = 64 * 1024;

const LATER = Symbol('later');

/**
 * Answers `elements` as one JSON array written while it is read (memory stays flat whatever its
 * length; each write waits for the client to take the previous ones).
 *
 * The first element is read BEFORE the answer starts, so a failure there (database unavailable…)
 * still becomes an ordinary error answer through the error table. A failure after the first bytes
 * cannot change the status any more: it is logged (with the request's id) and the answer is aborted, so the client sees a
 * cut connection and an unterminated array, never a well-formed but partial list.
 */
export async function jsonArrayStream<T>(c: Context, elements: AsyncIterable<T>): Promise<Response & TypedResponse<JSONParsed<T>[], 200, 'json'>> {
  const iterator = elements[Symbol.asyncIterator]();
  const first = await iterator.next();
  c.header('content-type', 'application/json; charset=UTF-8');
  c.header('cache-control', 'no-store');
  // Typed as the JSON answer it is, so the typed client (hc<AppType>) knows the body.
  const answer = stream(
    c,
    async (out) => {
      out.onAbort(() => void iterator.return?.());
      let chunk = '[';
      let separator = '';
      let next: IteratorResult<T> = first;
      // One timer per write: elements of a page the store has read come within one turn of the
      // event loop; when the next one is not there by the end of the turn (the store is reading its
      // next page), what is gathered goes out while it reads. The timer wakes whichever wait is
      // current through `wake` (one reaction per timer: a Promise.race against the one timer would
      // add a reaction per element, each holding that element until the timer fires, and a fast
      // store reads a whole list within one turn).
      let turnPassed = false;
      let timer: NodeJS.Immediate | null = null;
      let wake: (() => void) | null = null;
      const startTurn = () =>
        (timer ??= setImmediate(() => {
          turnPassed = true;
          wake?.();
        }));
      while (!next.done) {
        chunk += separator + JSON.stringify(next.value);
        separator = ',';
        startTurn();
        const pending = iterator.next();
        const ready: IteratorResult<T> | typeof LATER =
          chunk.length >= FLUSH_BYTES || turnPassed
            ? LATER
            : await new Promise<IteratorResult<T> | typeof LATER>((resolve, reject) => {
                wake = () => resolve(LATER);
                pending.then(resolve, reject);
              });
        wake = null;
        if (ready === LATER) {
          await out.write(chunk);
          if (out.aborted) return;
          chunk = '';
          if (timer) clearImmediate(timer);
          timer = null;
          turnPassed = false;
        }
        next = ready === LATER ? await pending : ready;
      }
      if (timer) clearImmediate(timer);
      await out.write(`${chunk}]`);
    },
    async (error, out) => {
      logOf(c).error({ err: error, method: c.req.method, path: c.req.path }, 'the answer was cut after it started');
      out.abort();
    },
  );
  return answer as Response & TypedResponse<JSONParsed<T>[], 200, 'json'>;
}
