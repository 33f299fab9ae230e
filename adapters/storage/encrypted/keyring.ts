import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { inspect } from 'node:util';
import path from 'node:path';
import { DATA_KEY_LENGTH, KEY_ID_PATTERN, type MasterKey } from './envelope.js';

/**
 * The master keys stored files' data keys are wrapped under (FILE_ENCRYPTION_KEYS): the first
 * wraps every new file's data key, all of them open files stored before. Written as comma-separated
 * `id:base64key` pairs, each key 32 random bytes (`openssl rand -base64 32`). The key bytes never
 * leave this object: it prints (JSON, console, util.inspect) as its key ids only.
 */
export class FileKeyring {
  readonly #keys: ReadonlyMap<string, Buffer>;
  readonly #current: MasterKey;

  /**
   * @param source where the keys were read from, as an operator would look for them: the variable
   *   FILE_ENCRYPTION_KEYS, or the embedded default's file.
   */
  constructor(
    keys: readonly MasterKey[],
    readonly source: string = 'FILE_ENCRYPTION_KEYS',
  ) {
    const [first] = keys;
    if (!first) throw new Error('A file keyring needs at least one key.');
    this.#current = first;
    this.#keys = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The key new files are encrypted under. */
  get current(): MasterKey {
    return this.#current;
  }

  /** Every key id, the current one first. */
  get ids(): string[] {
    return [...this.#keys.keys()];
  }

  /** The key stored under `id`, or null when the keyring holds none. */
  key(id: string): Buffer | null {
    return this.#keys.get(id) ?? null;
  }

  toJSON(): { current: string; ids: string[] } {
    return { current: this.#current.id, ids: this.ids };
  }

  toString(): string {
    return `FileKeyring(${this.ids.join(', ')})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/** A keyring that cannot be read: the message says why, in words that fit after the variable's name. */
export class FileKeyringError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileKeyringError';
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+={0,2}$/;

/** `id:base64key,id:base64key…` → the keyring; a FileKeyringError (never quoting a key) otherwise. */
export function parseFileKeyring(text: string, source?: string): FileKeyring {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new FileKeyringError('must hold at least one id:base64key pair');
  const keys: MasterKey[] = [];
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    if (colon < 0) throw new FileKeyringError(`must be comma-separated id:base64key pairs (entry ${index + 1} has no ':')`);
    const id = entry.slice(0, colon).trim();
    const encoded = entry.slice(colon + 1).trim();
    if (!KEY_ID_PATTERN.test(id)) {
      throw new FileKeyringError(`key id ${JSON.stringify(id)} (entry ${index + 1}) must be 1 to 64 letters, digits, '.', '_' or '-'`);
    }
    if (keys.some((k) => k.id === id)) throw new FileKeyringError(`names the key id "${id}" twice`);
    if (!BASE64.test(encoded)) throw new FileKeyringError(`key "${id}" is not base64 (e.g. \`openssl rand -base64 32\`)`);
    const key = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== DATA_KEY_LENGTH) {
      throw new FileKeyringError(`key "${id}" must be ${DATA_KEY_LENGTH} bytes written in base64 (e.g. \`openssl rand -base64 32\`), not ${key.length} bytes`);
    }
    keys.push({ id, key });
  }
  return new FileKeyring(keys, source);
}

/** A new keyring of one random key, as FILE_ENCRYPTION_KEYS writes it: `local-<8 hex>:<base64>`. */
export function newFileKeyringText(): string {
  return `local-${randomBytes(4).toString('hex')}:${randomBytes(DATA_KEY_LENGTH).toString('base64')}`;
}

/**
 * The keyring kept in `file` (the embedded default, DATA_DIR/file-encryption.key: one line in
 * FILE_ENCRYPTION_KEYS' format), made with one new key (owner-only) when there is none; `created`
 * is told the file's path then, once. A file that is there but cannot be read as a keyring is an
 * error: making a new key would leave every file stored under the old one unreadable.
 */
export function loadOrCreateFileKeyring(file: string, created: (file: string) => void = () => undefined): FileKeyring {
  const read = (): FileKeyring => parseFileKeyring(readFileSync(file, 'utf8'), file);
  try {
    return read();
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: the link appears with its content,
  // and of two processes starting at once the one that loses the race (EEXIST) reads the winner's.
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${newFileKeyringText()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return read();
  } finally {
    rmSync(temporary, { force: true });
  }
  created(file);
  return read();
}
