import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inspect } from 'node:util';
import { createAgency } from '../../apps/shared/composition-root.js';
import { loadConfig } from '../../apps/shared/config.js';
import { EncryptedFileStorage } from '../../adapters/storage/encrypted/index.js';
import { parseHeader } from '../../adapters/storage/encrypted/envelope.js';
import { toBuffer } from '../../adapters/storage/keys.js';

const key = () => randomBytes(32).toString('base64');

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'evisa-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('FILE_ENCRYPTION_KEYS', () => {
  it('is a keyring of id:base64key pairs: the first encrypts, every one decrypts; it prints as its ids only', () => {
    const [a, b] = [key(), randomBytes(32).toString('base64url')];
    const { fileEncryptionKeys } = loadConfig({ FILE_ENCRYPTION_KEYS: ` k2:${a} , k1:${b} ` });
    expect(fileEncryptionKeys!.current).toEqual({ id: 'k2', key: Buffer.from(a, 'base64') });
    expect(fileEncryptionKeys!.ids).toEqual(['k2', 'k1']);
    expect(fileEncryptionKeys!.key('k1')).toEqual(Buffer.from(b, 'base64url'));
    expect(fileEncryptionKeys!.key('k3')).toBeNull();
    for (const printed of [JSON.stringify(fileEncryptionKeys), String(fileEncryptionKeys), inspect({ keys: fileEncryptionKeys })]) {
      expect(printed).toContain('k2');
      expect(printed).not.toContain(a.slice(0, 12));
      expect(printed).not.toContain(b.slice(0, 12));
    }
  });

  it('is optional outside production: the embedded default keeps the keyring in DATA_DIR/file-encryption.key', () => {
    const config = loadConfig({ DATA_DIR: '/srv/evisa' });
    expect(config.fileEncryptionKeys).toBeNull();
    expect(config.fileEncryptionKeyFile).toBe(path.join('/srv/evisa', 'file-encryption.key'));
  });

  it.each([
    ['k1', "must be comma-separated id:base64key pairs (entry 1 has no ':')"],
    [`k1:${key()},k2`, "must be comma-separated id:base64key pairs (entry 2 has no ':')"],
    [`:${key()}`, "key id \"\" (entry 1) must be 1 to 64 letters, digits, '.', '_' or '-'"],
    [`key one:${key()}`, "key id \"key one\" (entry 1) must be 1 to 64 letters, digits, '.', '_' or '-'"],
    [`k1:${key()},k1:${key()}`, 'names the key id "k1" twice'],
    ['k1:not base64!', 'key "k1" is not base64 (e.g. `openssl rand -base64 32`)'],
    [`k1:${randomBytes(16).toString('base64')}`, 'key "k1" must be 32 bytes written in base64 (e.g. `openssl rand -base64 32`), not 16 bytes'],
    [`k1:${randomBytes(48).toString('base64')}`, 'key "k1" must be 32 bytes written in base64 (e.g. `openssl rand -base64 32`), not 48 bytes'],
    [' , ', 'must hold at least one id:base64key pair'],
  ])('refuses %j with one line naming the variable, quoting no key', (value, problem) => {
    let message = '';
    try {
      loadConfig({ FILE_ENCRYPTION_KEYS: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`Invalid configuration: FILE_ENCRYPTION_KEYS ${problem}`);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('must be set when NODE_ENV=production: one line naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: FILE_ENCRYPTION_KEYS must be set when NODE_ENV=production: comma-separated id:base64key pairs, e.g. k1:<`openssl rand -base64 32`> (README "Encryption keys")',
    );
    expect(loadConfig({ NODE_ENV: 'production', FILE_ENCRYPTION_KEYS: `prod-1:${key()}` }).fileEncryptionKeys!.current.id).toBe('prod-1');
  });
});

describe('the composition root and the file encryption keyring', () => {
  it('without FILE_ENCRYPTION_KEYS makes DATA_DIR/file-encryption.key once (owner-only), says so once, and keeps using it', async () => {
    const dataDir = tempDir();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await createAgency({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'file-encryption.key');
    let stored: Buffer;
    try {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toMatch(/^local-[0-9a-f]{8}:[A-Za-z0-9+/]{43}=\n$/);
      expect(warn.mock.calls).toEqual([
        [
          `[storage] FILE_ENCRYPTION_KEYS is not set: made a new file encryption key in ${file}. Every stored document is encrypted under it: back it up apart from the data (without it no document can be read; a backup holding both protects nothing).`,
        ],
      ]);
      expect(first.ports.files).toBeInstanceOf(EncryptedFileStorage);
      await first.ports.files.put('documents/a.bin', Buffer.from('%PDF-1.4 secret'), { contentType: 'application/pdf', fileName: 'a.pdf' });
      stored = readFileSync(path.join(dataDir, 'uploads', 'documents', 'a.bin'));
      expect(parseHeader(stored).keyId).toBe(readFileSync(file, 'utf8').split(':')[0]);
    } finally {
      await first.close();
    }
    const keyring = readFileSync(file, 'utf8');
    const again = await createAgency({ DATA_DIR: dataDir });
    try {
      expect(warn).toHaveBeenCalledTimes(1);
      expect(readFileSync(file, 'utf8')).toBe(keyring);
      expect((await toBuffer((await again.ports.files.get('documents/a.bin'))!.body)).toString()).toBe('%PDF-1.4 secret');
    } finally {
      await again.close();
    }
  });

  it('with FILE_ENCRYPTION_KEYS uses its first key and makes no key file', async () => {
    const dataDir = tempDir();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const agency = await createAgency({ DATA_DIR: dataDir, FILE_ENCRYPTION_KEYS: `ops-2:${key()},ops-1:${key()}` });
    try {
      await agency.ports.files.put('documents/b.bin', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf', fileName: 'b.pdf' });
      expect(parseHeader(readFileSync(path.join(dataDir, 'uploads', 'documents', 'b.bin'))).keyId).toBe('ops-2');
      expect(agency.ports.fileEncryption.currentKeyId).toBe('ops-2');
      expect(existsSync(path.join(dataDir, 'file-encryption.key'))).toBe(false);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await agency.close();
    }
  });

  it('refuses a key file it cannot read as a keyring (one line naming the variable) rather than make a new key', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'file-encryption.key'), 'k1:short\n', { mode: 0o600 });
    await expect(createAgency({ DATA_DIR: dataDir })).rejects.toThrow(
      `Invalid configuration: FILE_ENCRYPTION_KEYS is not set, and its embedded default ${path.join(dataDir, 'file-encryption.key')} key "k1" must be 32 bytes written in base64`,
    );
    expect(readFileSync(path.join(dataDir, 'file-encryption.key'), 'utf8')).toBe('k1:short\n');
  });

  it('in production refuses to start without FILE_ENCRYPTION_KEYS even beside a key file of the embedded default', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'file-encryption.key'), `local-1:${key()}\n`, { mode: 0o600 });
    await expect(createAgency({ DATA_DIR: dataDir, NODE_ENV: 'production' })).rejects.toThrow('Invalid configuration: FILE_ENCRYPTION_KEYS must be set when NODE_ENV=production');
  });
});
