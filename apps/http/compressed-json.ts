import { compress } from 'hono/compress';

/**
 * The API's JSON answers, gzipped for a client that accepts it (every browser): a traveller's list of
 * applications was 36 KB as sent, ~5 KB gzipped — a sixth of a second on a phone's slow link, on the
 * way to the dashboard's first drawing. A streamed list (jsonArrayStream) says `no-transform` and goes
 * out as it is read.
 */
export function compressedJson() {
  return compress({ encoding: 'gzip', threshold: 1024, contentTypeFilter: /^application\/json\b/ });
}
