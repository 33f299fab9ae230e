import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import * as tar from 'tar-stream';
import { z } from 'zod';

/**
 * The backup archive (docs/decisions/0027-backups.md): a plain POSIX tar, written and read as a
 * stream (tar-stream), whose entries are, in order:
 *
 *   database/agency.sqlite.gz  or  database/agency.pgdump   the database copy
 *   files/<storage key>                                     every stored file, its bytes as stored
 *   manifest.json                                           what the archive holds, written last
 *
 * No compression around the whole: stored documents are JPEG/PDF (or encrypted) and do not shrink,
 * a pg_dump custom archive is compressed already, and the SQLite copy is gzipped as its own part.
 * The manifest comes last because it carries the sha256 of every part, known only once each was
 * written; a reader checks every part against it before anything is restored.
 */
export const ARCHIVE_FORMAT = 'evisa-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const FILES_PREFIX = 'files/';

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const partSchema = z.object({ name: z.string().min(1), size: z.number().int().nonnegative(), sha256: sha256Schema });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  database: partSchema.extend({ format: z.enum(['sqlite', 'pg_dump']) }),
  /** The newest migration the copied database had applied. */
  schema: z.object({ migration: z.string().nullable(), createdAt: z.number().int() }).nullable(),
  /** Rows per table in the copy. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** The audit chain's head in the copy (core/domain/audit-chain.ts). */
  auditHead: z.object({ seq: z.number().int().nonnegative(), hash: z.string() }).nullable(),
  /** Every stored file: its key, its bytes' sha256, and the metadata the store keeps with it. */
  files: z.array(partSchema.extend({ key: z.string().min(1), contentType: z.string(), fileName: z.string() })),
  /** Files listed by the store that were deleted before they could be copied (a purge running meanwhile). */
  filesGone: z.number().int().nonnegative(),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** The archive is damaged, cut short, altered, or no evisa backup: the operator's line says which. */
export class ArchiveProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveProblem';
  }
}

/** Writes entries of known size, one after another, into a tar stream piped to `out`. */
export function archiveWriter(out: Writable) {
  const pack = tar.pack();
  const piped = new Promise<void>((resolve, reject) => {
    pack.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
    pack.pipe(out);
  });
  piped.catch(() => undefined);
  /** Never settles while the output is fine; rejects as soon as it fails (a full disk, a lost upload). */
  const outputFailed = piped.then(() => new Promise<never>(() => undefined));
  outputFailed.catch(() => undefined);

  return {
    /** Adds one entry of `size` bytes from `body` (a stream or a buffer); answers its sha256. */
    async add(name: string, size: number, body: Readable | Buffer, mtime = new Date()): Promise<string> {
      const hash = createHash('sha256');
      let written = 0;
      let settle!: (error?: Error | null) => void;
      const done = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
      done.catch(() => undefined);
      const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (error) => settle(error));
      const write = async (chunk: Buffer) => {
        hash.update(chunk);
        written += chunk.length;
        if (written > size) return;
        if (!entry.write(chunk)) await Promise.race([once(entry, 'drain'), done, outputFailed]);
      };
      if (Buffer.isBuffer(body)) await write(body);
      else for await (const chunk of body) await write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      if (written !== size) {
        entry.destroy();
        throw new Error(`${name} changed while it was copied (${written} bytes read, ${size} expected).`);
      }
      entry.end(() => undefined);
      await Promise.race([done, outputFailed]);
      return hash.digest('hex');
    },
    /** Ends the archive and waits until `out` has everything. */
    async finish(): Promise<void> {
      pack.finalize();
      await piped;
    },
    /** Stops writing (the caller removes what was written). */
    abort(): void {
      pack.destroy();
    },
  };
}

/** One entry being read: its name and size, its body to consume (or skip), and its sha256 once consumed. */
export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * Reads an archive's entries in order: `visit` must consume (or skip) each body. Answers the
 * sha256 and size of every entry's bytes by name, and the manifest (which must be the last entry).
 * A tar stream that is cut short, or whose headers are damaged, is an ArchiveProblem.
 */
export async function readArchive(
  input: Readable,
  label: string,
  visit: (entry: ArchiveEntry) => Promise<void>,
): Promise<{ manifest: Manifest; digests: Map<string, { sha256: string; size: number }> }> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  const digests = new Map<string, { sha256: string; size: number }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifestText !== null) throw new ArchiveProblem(`${label} is not an evisa backup: ${name} comes after the manifest.`);
      if (digests.has(name)) throw new ArchiveProblem(`${label} holds ${name} twice.`);
      const hash = createHash('sha256');
      let size = 0;
      const chunks: Buffer[] = [];
      const isManifest = name === MANIFEST_NAME;
      async function* body(): AsyncIterable<Buffer> {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          if (isManifest) chunks.push(chunk);
          yield chunk;
        }
      }
      if (isManifest) {
        for await (const _ of body()) void _;
        manifestText = Buffer.concat(chunks).toString('utf8');
      } else {
        // The visitor reads the body to its end, or not at all: a part it skips is still read
        // through here (its hash is checked all the same).
        let started = false;
        const iterable = body();
        await visit({
          name,
          size: entry.header.size ?? 0,
          body: {
            [Symbol.asyncIterator]() {
              started = true;
              return iterable[Symbol.asyncIterator]();
            },
          },
        });
        if (!started) for await (const _ of iterable) void _;
      }
      digests.set(name, { sha256: hash.digest('hex'), size });
    }
  } catch (error) {
    input.unpipe(extract);
    (input as Readable).destroy();
    if (error instanceof ArchiveProblem) throw error;
    const message = (error as Error).message ?? String(error);
    if (/unexpected end|too short|invalid tar header|checksum/i.test(message)) {
      throw new ArchiveProblem(`${label} is truncated or damaged (${message.replace(/\.$/, '')}): it cannot be restored.`);
    }
    throw error;
  }
  if (manifestText === null) {
    throw new ArchiveProblem(
      digests.size === 0 ? `${label} is not an evisa backup (no tar entries in it).` : `${label} is truncated or incomplete: it has no manifest (the last part of every evisa backup).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw new ArchiveProblem(`${label} has a damaged manifest (not JSON).`);
  }
  const format = (parsed as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== ARCHIVE_FORMAT) throw new ArchiveProblem(`${label} is not an evisa backup (its manifest names no evisa backup format).`);
  if (typeof format.formatVersion === 'number' && format.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveProblem(`${label} is a backup of format ${format.formatVersion}; this version of evisa reads format ${ARCHIVE_FORMAT_VERSION}: restore it with the newer version that made it.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new ArchiveProblem(`${label} has a damaged manifest (${manifest.error.issues[0]?.path.join('.') || 'shape'}: ${manifest.error.issues[0]?.message}).`);
  return { manifest: manifest.data, digests };
}

/**
 * Every part the manifest names is in the archive with the size and sha256 it gives, and the
 * archive holds nothing else: the first difference, as the operator's line, or null.
 */
export function firstMismatch(manifest: Manifest, digests: Map<string, { sha256: string; size: number }>, label: string): string | null {
  const expected = new Map<string, { sha256: string; size: number }>([[manifest.database.name, manifest.database]]);
  for (const file of manifest.files) expected.set(file.name, file);
  for (const [name, want] of expected) {
    const got = digests.get(name);
    if (!got) return `${label} is missing ${name}, which its manifest lists: it cannot be restored.`;
    if (got.size !== want.size || got.sha256 !== want.sha256)
      return `${label} is damaged: the sha256 of ${name} does not match its manifest (archived ${want.sha256.slice(0, 12)}…, read ${got.sha256.slice(0, 12)}…).`;
  }
  for (const name of digests.keys()) if (name !== MANIFEST_NAME && !expected.has(name)) return `${label} holds ${name}, which its manifest does not list: it is no archive evisa wrote.`;
  return null;
}

/** The storage key of a file part (`files/<key>`), or null for another part. */
export function keyOfPart(name: string): string | null {
  return name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : null;
}
