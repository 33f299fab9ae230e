import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MinioFileStorage } from '../../adapters/storage/minio/index.js';
import { parseHeader } from '../../adapters/storage/encrypted/envelope.js';
import { toBuffer } from '../../adapters/storage/keys.js';
import { createAgency } from '../../apps/shared/composition-root.js';
import { sniffPassportImageType } from '../../core/domain/passport-scan.js';
import { startS3Server, type LocalS3Server } from '../support/s3-server.js';
import { childEnv, oneLineError, ROOT, runCli, startBackend, type Backend } from './helpers/cli.js';

const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;
const SECRET = 'P<GBRTRAVELLER<<JANE<MARY<<<<<<<<<<<<<<<<<<<<';

/**
 * `evisa encrypt-files` and `evisa rotate-file-key` as subprocesses, on SQLite and an S3 bucket (the
 * local S3 server): what the bucket holds after each, read as its objects are served. The tests run
 * in order on the same bucket.
 */
describe('evisa encrypt-files and rotate-file-key on an S3 bucket', { timeout: 240_000 }, () => {
  let backend: Backend;
  let s3: LocalS3Server;
  let bucket: MinioFileStorage;
  /** Every document stored, by key, as it was uploaded. */
  const documents = new Map<string, Buffer>();
  const env = (keys: string) => ({ ...backend.env, STORAGE_URL: s3.storageUrl('agency-uploads'), FILE_ENCRYPTION_KEYS: keys });
  const cli = (keys: string, ...args: string[]) => runCli(args, env(keys));

  const raw = async (key: string) => toBuffer(await bucket.client.getObject(bucket.bucket, key));
  const sealed = async (key: string) => (await raw(key)).subarray(0, 5).toString('latin1') === 'EVENC';
  /** Asserts every stored document is sealed (no signature, no SECRET) under `keyId` and reads back whole with `keys`. */
  async function expectAllSealed(keyId: string, keys: string) {
    const agency = await createAgency(env(keys));
    try {
      for (const [key, body] of documents) {
        const bytes = await raw(key);
        expect(bytes.subarray(0, 5).toString('latin1'), key).toBe('EVENC');
        expect(sniffPassportImageType(bytes.subarray(0, 16)), key).toBeNull();
        expect(bytes.includes(SECRET), key).toBe(false);
        expect(parseHeader(bytes).keyId, key).toBe(keyId);
        expect((await toBuffer((await agency.ports.files.get(key))!.body)).equals(body), key).toBe(true);
      }
    } finally {
      await agency.close();
    }
  }
  /** Stores `count` documents as they were stored before encryption: plain, straight into the bucket. */
  async function storedBefore(prefix: string, count: number, size = 20_000) {
    for (let i = 0; i < count; i += 1) {
      const body = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SECRET), randomBytes(size)]);
      const key = `documents/${prefix}-${i}.jpg`;
      await bucket.put(key, body, { contentType: 'image/jpeg', fileName: `${prefix}-${i}.jpg` });
      documents.set(key, body);
    }
  }

  beforeAll(async () => {
    backend = await startBackend('sqlite');
    s3 = await startS3Server();
    bucket = new MinioFileStorage(s3.storageUrl('agency-uploads'));
    const agency = await createAgency(env(K1));
    try {
      await agency.persistence.migrate();
      // Stored since: through the agency, encrypted.
      for (const i of [1, 2]) {
        const body = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(SECRET), randomBytes(5_000)]);
        await agency.ports.files.put(`documents/since-${i}.pdf`, body, { contentType: 'application/pdf', fileName: 'visa.pdf' });
        documents.set(`documents/since-${i}.pdf`, body);
      }
    } finally {
      await agency.close();
    }
    await storedBefore('before', 3);
  });
  afterAll(async () => {
    await s3?.stop();
    await backend?.stop();
  });

  it('encrypt-files encrypts the files stored before, leaves those stored since; run again, it changes nothing', async () => {
    const since = await raw('documents/since-1.pdf');
    const first = await cli(K1, 'encrypt-files');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Encrypted 3 files under key "k1" (2 files encrypted already; 5 files checked).\n');
    await expectAllSealed('k1', K1);
    expect(await raw('documents/since-1.pdf')).toEqual(since);

    const before = new Map(await Promise.all([...documents.keys()].map(async (key) => [key, await raw(key)] as const)));
    const again = await cli(K1, 'encrypt-files');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Encrypted 0 files under key "k1" (5 files encrypted already; 5 files checked).\n');
    for (const [key, bytes] of before) expect(await raw(key), key).toEqual(bytes);
  });

  it('a run killed half-way is finished by the next run: every file encrypted once, none lost', async () => {
    await storedBefore('later', 20);
    // A slow store (each upload answered 500 ms later: 20 files take 10 s), so the run is stopped while it works.
    s3.slowWrites(500);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/cli/main.ts'), 'encrypt-files'], { cwd: ROOT, env: childEnv(env(K1)), stdio: ['ignore', 'ignore', 'pipe'] });
    // Listened for from the start: a run that ends before it is killed must not leave the test waiting.
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const later = [...documents.keys()].filter((key) => key.includes('/later-'));
    let doneAtKill = 0;
    try {
      const twoSealed = vi.waitFor(
        async () => {
          doneAtKill = (await Promise.all(later.map(sealed))).filter(Boolean).length;
          expect(doneAtKill).toBeGreaterThanOrEqual(2);
        },
        // The command starts the whole agency (tsx compiling it) before its first file: long on a busy machine.
        { timeout: 120_000, interval: 25 },
      );
      twoSealed.catch(() => undefined);
      await Promise.race([
        twoSealed,
        exited.then(() => {
          throw new Error(`encrypt-files ended before it was stopped (exit ${child.exitCode}): ${stderr}`);
        }),
      ]);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    s3.slowWrites(0);
    const done = (await Promise.all(later.map(sealed))).filter(Boolean).length;
    expect(done).toBeLessThan(later.length);

    const resumed = await cli(K1, 'encrypt-files');
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const counts = /^Encrypted (\d+) files? under key "k1" \((\d+) files encrypted already; 25 files checked\)\.\n$/.exec(resumed.stdout);
    expect(counts, resumed.stdout).not.toBeNull();
    // Every file stored before was encrypted by the killed run or by this one, never lost: 5 + 20 in all.
    expect(Number(counts![1])).toBe(later.length - done);
    expect(Number(counts![2])).toBe(5 + done);
    await expectAllSealed('k1', K1);
  });

  it('rotate-file-key re-wraps every data key under the new first key, the bodies unchanged; the new key alone then reads every file', async () => {
    const before = new Map(await Promise.all([...documents.keys()].map(async (key) => [key, await raw(key)] as const)));
    const rotated = await cli(`${K2},${K1}`, 'rotate-file-key');
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toBe('Re-wrapped the data keys of 25 files under key "k2", their contents unchanged (0 files under it already; 25 files checked).\n');
    for (const [key, was] of before) {
      const now = await raw(key);
      expect(now.subarray(parseHeader(now).length), key).toEqual(was.subarray(parseHeader(was).length));
    }
    await expectAllSealed('k2', K2);

    const again = await cli(`${K2},${K1}`, 'rotate-file-key');
    expect(again.stdout).toBe('Re-wrapped the data keys of 0 files under key "k2", their contents unchanged (25 files under it already; 25 files checked).\n');
  });

  it('a keyring without the key the files are under: exit 1, one line naming the key id, nothing changed', async () => {
    const before = await raw('documents/since-1.pdf');
    const K3 = `k3:${randomBytes(32).toString('base64')}`;
    const result = await cli(`${K3},${K1}`, 'rotate-file-key');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const line = oneLineError(result);
    expect(line).toMatch(
      /^Error: Re-wrapped the data keys of 0 files under key "k3", their contents unchanged \(0 files under it already; 25 files checked\)\. 25 files could not be done; the first: Stored file documents\/\S+ is encrypted under the file encryption key "k2", which is not in the keyring \(FILE_ENCRYPTION_KEYS holds "k3", "k1"\)\. The rotate-file-key job is retried later/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(await raw('documents/since-1.pdf')).toEqual(before);
  });

  it('a bad FILE_ENCRYPTION_KEYS stops a command at once: exit 2, one line naming the variable', async () => {
    const result = await cli(`k1:${randomBytes(16).toString('base64')}`, 'encrypt-files');
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe('Error: Invalid configuration: FILE_ENCRYPTION_KEYS key "k1" must be 32 bytes written in base64 (e.g. `openssl rand -base64 32`), not 16 bytes');
  });
});
