import { captureLog, type CapturedLog } from '../support/log-capture.js';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryPaymentGateway } from '../../adapters/payments/memory/index.js';
import { EncryptedFileStorage, parseFileKeyring } from '../../adapters/storage/encrypted/index.js';
import { parseHeader } from '../../adapters/storage/encrypted/envelope.js';
import { sniffPassportImageType } from '../../core/domain/passport-scan.js';
import { createJobRunner } from '../../adapters/jobs/runner.js';
import { errors } from '../../core/domain/errors.js';
import { jobDefinition } from '../../apps/shared/jobs.js';
import { INTERNAL_ERROR_MESSAGE } from '../../apps/http/error-map.js';
import { applicantWithApplication, makeMemoryApp, makeSqliteApp, signInAdmin, type SignedUp, type TestAgency } from '../support/http.js';
import { fileContent, storedFiles, TEST_FILE_ENCRYPTION_KEYS } from '../support/memory-ports.js';

/**
 * Documents encrypted at rest (docs/decisions/0028) through the HTTP API and the job engine: what
 * the store holds after every kind of upload, what a key the server lacks answers, and the two
 * migrations (encrypt-files, rotate-file-key) as jobs.
 */
let t: TestAgency | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const SECRET = 'P<GBRTRAVELLER<<JANE<MARY<<<<<<<<<<<<<<<<<<<<';
/** An upload of `kind` that holds SECRET and bytes of its own. */
const doc = (kind: 'pdf' | 'jpeg' | 'png') => {
  const signature = { pdf: Buffer.from('%PDF-1.7\n'), jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }[kind];
  return new Uint8Array(Buffer.concat([signature, Buffer.from(SECRET), randomBytes(3000)]));
};

/** Asserts the bytes could be any file's but the document's: the envelope's magic, no signature, no SECRET. */
function expectSealed(raw: Buffer, where: string) {
  expect(raw.subarray(0, 5).toString('latin1'), where).toBe('EVENC');
  expect(sniffPassportImageType(raw.subarray(0, 16)), where).toBeNull();
  expect(raw.includes(SECRET), where).toBe(false);
}

async function pay(test: TestAgency, owner: SignedUp, id: number, type: 'initial' | 'final') {
  const intent = (await (await owner.browser.post(`/api/payments/${type}/${id}`)).json()) as { paymentIntentId: string };
  (test.ports.gateway as MemoryPaymentGateway).succeed(intent.paymentIntentId);
  expect((await owner.browser.post(`/api/payments/${type}/confirm/${id}`, { paymentIntentId: intent.paymentIntentId })).status).toBe(200);
}

const download = async (browser: SignedUp['browser'], url: string) => {
  const res = await browser.get(url);
  expect(res.status, url).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

describe('every stored document is encrypted at rest', () => {
  it('passport scans, re-uploads, reply documents, visas and portal receipts: the store holds none of their bytes; each downloads whole', async () => {
    t = await makeMemoryApp();
    const test = t;
    const owner = await applicantWithApplication(test);
    const id = owner.application.id as number;
    const uploaded: { url: string; body: Uint8Array; browser: SignedUp['browser'] }[] = [];

    const passport = doc('pdf');
    const first = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: passport, name: 'passport.pdf' }, type: 'passport' });
    expect(first.status).toBe(201);
    uploaded.push({ url: ((await first.json()) as { fileUrl: string }).fileUrl, body: passport, browser: owner.browser });
    await pay(test, owner, id, 'initial');

    const admin = await signInAdmin(test);
    const put = (status: string, extra: object = {}) => admin.browser.put(`/api/admin/applications/${id}/status`, { status, ...extra });
    expect((await put('under_process')).status).toBe(200);
    expect((await put('additional_info_required', { additionalInfoMessage: 'Please send your hotel booking and a sharper passport copy.', requiresPassportReupload: true })).status).toBe(200);
    const booking = doc('pdf');
    const form = new FormData();
    form.append('text', 'Booking attached.');
    form.append('files', new File([booking as BlobPart], 'hotel booking.pdf'));
    const reply = await owner.browser.request(`/api/applications/${id}/reply`, { method: 'POST', form });
    expect(reply.status).toBe(201);
    uploaded.push({ url: ((await reply.json()) as { documents: { fileUrl: string }[] }).documents[0]!.fileUrl, body: booking, browser: owner.browser });
    const reupload = doc('jpeg');
    const second = await owner.browser.upload(`/api/applications/${id}/documents`, { file: { content: reupload, name: 'passport.jpg' }, type: 'passport' });
    expect(second.status).toBe(201);
    uploaded.push({ url: ((await second.json()) as { fileUrl: string }).fileUrl, body: reupload, browser: owner.browser });

    const receipt = doc('png');
    expect((await admin.browser.upload(`/api/admin/applications/${id}/portal/receipt`, { receipt: { content: receipt, name: 'portal receipt.png' } })).status).toBe(201);
    uploaded.push({ url: `/api/admin/applications/${id}/portal/receipt`, body: receipt, browser: admin.browser });
    for (const status of ['under_process', 'verified', 'approved']) expect((await put(status)).status).toBe(200);
    const visaBody = doc('pdf');
    const visa = await admin.browser.upload(`/api/admin/applications/${id}/visa-upload`, { visa: { content: visaBody, name: 'e-visa.pdf', type: 'application/pdf' } });
    expect(visa.status).toBe(201);
    uploaded.push({ url: `/api/documents/${((await visa.json()) as { id: number }).id}/file`, body: visaBody, browser: owner.browser });

    const store = storedFiles(test.ports.files);
    expect(store.keys()).toHaveLength(uploaded.length);
    for (const key of store.keys()) {
      expectSealed(store.contentOf(key)!, key);
      expect(parseHeader(store.contentOf(key)!).keyId).toBe('test-2');
    }
    for (const { url, body, browser } of uploaded) expect(await download(browser, url)).toEqual(body);
  });

  it('on the embedded defaults: the files in DATA_DIR/uploads are encrypted under the key made in DATA_DIR (owner-only), and download whole', async () => {
    t = await makeSqliteApp();
    const owner = await applicantWithApplication(t);
    const passport = doc('png');
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, { file: { content: passport, name: 'passport.png' }, type: 'passport' });
    expect(res.status).toBe(201);
    const keyFile = path.join(t.agency.config.dataDir, 'file-encryption.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const keyId = readFileSync(keyFile, 'utf8').split(':')[0]!;
    expect(keyId).toMatch(/^local-[0-9a-f]{8}$/);

    const uploads = path.join(t.agency.config.dataDir, 'uploads');
    const files = readdirSync(uploads, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.meta.json'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(files[0]!.parentPath, files[0]!.name));
    expectSealed(raw, files[0]!.name);
    expect(parseHeader(raw).keyId).toBe(keyId);
    expect(await download(owner.browser, ((await res.json()) as { fileUrl: string }).fileUrl)).toEqual(passport);
  });
});

describe('a document whose encryption key the server does not hold', () => {
  async function storedPassport() {
    log = captureLog('error');
    t = await makeMemoryApp({ logger: log.logger });
    const owner = await applicantWithApplication(t);
    const res = await owner.browser.upload(`/api/applications/${owner.application.id}/documents`, { file: { content: doc('pdf'), name: 'passport.pdf' }, type: 'passport' });
    const { id, fileUrl } = (await res.json()) as { id: number; fileUrl: string };
    const { storageKey } = (await t.ports.documents.findById(id))!;
    return { owner, fileUrl, storageKey, inner: storedFiles(t.ports.files) };
  }
  let log: CapturedLog;

  it.each([
    ['a key id that is not in the keyring', 'k-retired', 'k-retired'],
    ['another key under a key id of the keyring', 'test-1', 'test-1'],
  ])('answers 500 { message } naming the key id for %s, and no byte of the file; the log says which file', async (_case, id, named) => {
    const { owner, fileUrl, storageKey, inner } = await storedPassport();
    // The same object written under a key this server lacks (a keyring that lost a key, or holds another under the id).
    const elsewhere = new EncryptedFileStorage(inner, parseFileKeyring(`${id}:${randomBytes(32).toString('base64')}`));
    await elsewhere.put(storageKey, Buffer.from(doc('pdf')), { contentType: 'application/pdf', fileName: 'passport.pdf' });

    const res = await owner.browser.get(fileUrl);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: `This file cannot be opened: the server does not hold its encryption key "${named}". Please contact support.` });
    const errors = log.records().filter((r) => r.level === 'error' || r.level === 50);
    expect(errors.map((r) => r.msg)).toEqual([expect.stringContaining(`tored file ${storageKey}`)]);
    expect(String(errors[0]!.msg)).toContain(`"${named}"`);
  });

  it('a stored file changed after it was written answers 500 { message }, not its bytes', async () => {
    const { owner, fileUrl, storageKey, inner } = await storedPassport();
    const raw = Buffer.from(inner.contentOf(storageKey)!);
    raw[raw.length - 20] = raw[raw.length - 20]! ^ 0x01;
    await inner.put(storageKey, raw, { contentType: 'application/pdf', fileName: 'passport.pdf' });
    const res = await owner.browser.get(fileUrl);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });
  });

  it('a file stored before encryption (plain bytes) still downloads as it is', async () => {
    const { owner, fileUrl, storageKey, inner } = await storedPassport();
    const plain = doc('pdf');
    await inner.put(storageKey, Buffer.from(plain), { contentType: 'application/pdf', fileName: 'passport.pdf' });
    expect(await download(owner.browser, fileUrl)).toEqual(plain);
  });
});

describe('the encrypt-files and rotate-file-key jobs', () => {
  /** Works a queue in this process until nothing of it is due: the lines it logged, and how many jobs completed and failed. */
  async function drain(test: TestAgency, name: 'encrypt-files' | 'rotate-file-key') {
    const lines: string[] = [];
    const runner = createJobRunner({ store: test.agency.persistence.jobs, log: (line) => lines.push(line) });
    const result = await runner.drain(jobDefinition(test.agency, name));
    return { ...result, lines };
  }
  const send = (test: TestAgency, name: 'encrypt-files' | 'rotate-file-key') => test.agency.persistence.jobs.send([{ name, input: {} }]);

  /** Files as they were stored before encryption, beside files stored since: what `encrypt-files` finds on an upgraded agency. */
  async function upgradedStore(test: TestAgency) {
    const inner = storedFiles(test.ports.files);
    const plain = new Map<string, Buffer>();
    for (const [i, kind] of (['pdf', 'jpeg', 'png'] as const).entries()) {
      const body = Buffer.from(doc(kind));
      await inner.put(`documents/legacy-${i}.bin`, body, { contentType: 'application/pdf', fileName: `legacy-${i}` });
      plain.set(`documents/legacy-${i}.bin`, body);
    }
    const since = Buffer.from(doc('pdf'));
    await test.ports.files.put('documents/since.bin', since, { contentType: 'application/pdf', fileName: 'since.pdf' });
    plain.set('documents/since.bin', since);
    await inner.put('documents/empty.bin', Buffer.alloc(0), { contentType: 'application/pdf', fileName: 'empty.pdf' });
    return { inner, plain, sinceRaw: inner.contentOf('documents/since.bin')! };
  }

  it('encrypt-files encrypts what was stored plain and leaves what is encrypted; run twice, the second changes nothing', async () => {
    t = await makeMemoryApp();
    const { inner, plain, sinceRaw } = await upgradedStore(t);

    await send(t, 'encrypt-files');
    const first = await drain(t, 'encrypt-files');
    expect(first).toMatchObject({ completed: 1, failed: 0 });
    expect(first.lines).toEqual([expect.stringContaining('Encrypted 3 files under key "test-2" (1 file encrypted already, 1 file empty, left as they are; 5 files checked).')]);
    for (const [key, body] of plain) {
      expectSealed(inner.contentOf(key)!, key);
      expect(await fileContent(t.ports.files, key)).toEqual(body);
      expect((await t.ports.files.get(key))!.info).toMatchObject({ size: body.length });
    }
    expect(inner.contentOf('documents/since.bin')).toEqual(sinceRaw);
    expect(inner.contentOf('documents/empty.bin')).toEqual(Buffer.alloc(0));

    const snapshot = new Map(inner.keys().map((key) => [key, inner.contentOf(key)!]));
    await send(t, 'encrypt-files');
    const second = await drain(t, 'encrypt-files');
    expect(second.lines).toEqual([expect.stringContaining('Encrypted 0 files under key "test-2" (4 files encrypted already, 1 file empty, left as they are; 5 files checked).')]);
    expect(new Map(inner.keys().map((key) => [key, inner.contentOf(key)!]))).toEqual(snapshot);
  });

  it('encrypt-files cut short by the store going away fails its job; the retry finishes it without redoing a file', async () => {
    t = await makeMemoryApp();
    const inner = storedFiles(t.ports.files);
    const plain = new Map<string, Buffer>();
    for (let i = 0; i < 10; i += 1) {
      const body = Buffer.from(doc('jpeg'));
      await inner.put(`documents/old-${i}.bin`, body, { contentType: 'image/jpeg', fileName: `old-${i}.jpg` });
      plain.set(`documents/old-${i}.bin`, body);
    }
    const sealed = () => [...plain.keys()].filter((key) => inner.contentOf(key)!.subarray(0, 5).toString() === 'EVENC');
    // The store goes away after four files were written.
    const put = inner.put.bind(inner);
    let writes = 0;
    inner.put = async (...args) => {
      if (writes >= 4) throw errors.unavailable('storage', 'File storage is unavailable. Please try again later.');
      writes += 1;
      return put(...args);
    };

    await send(t, 'encrypt-files');
    const cut = await drain(t, 'encrypt-files');
    expect(cut).toMatchObject({ completed: 0, failed: 1 });
    expect(cut.lines).toEqual([expect.stringMatching(/\[jobs\] encrypt-files .*failed \(attempt 1 of 4; retried later\): File storage is unavailable/)]);
    expect(sealed()).toHaveLength(4);
    expect((await t.agency.persistence.jobs.stats()).find((q) => q.name === 'encrypt-files')).toMatchObject({ queued: 1, active: 0, failed: 0 });
    const doneBefore = new Map(sealed().map((key) => [key, inner.contentOf(key)!]));

    // The store is back; the job's retry comes due a minute later.
    inner.put = put;
    t.clock.advance({ minutes: 2 });
    const resumed = await drain(t, 'encrypt-files');
    expect(resumed).toMatchObject({ completed: 1, failed: 0 });
    expect(resumed.lines).toEqual([expect.stringContaining('Encrypted 6 files under key "test-2" (4 files encrypted already; 10 files checked).')]);
    expect(sealed()).toHaveLength(10);
    for (const [key, raw] of doneBefore) expect(inner.contentOf(key)).toEqual(raw);
    for (const [key, body] of plain) expect(await fileContent(t.ports.files, key)).toEqual(body);
  });

  it('rotate-file-key re-wraps every data key under the first key, bodies unchanged; the new key alone then reads every file', async () => {
    t = await makeMemoryApp();
    const inner = storedFiles(t.ports.files);
    const [newest, older] = TEST_FILE_ENCRYPTION_KEYS.split(',') as [string, string];
    // Stored while test-1 was the first key.
    const before = new EncryptedFileStorage(inner, parseFileKeyring(older));
    const bodies = new Map<string, Buffer>();
    for (let i = 0; i < 3; i += 1) {
      const body = Buffer.from(doc('png'));
      await before.put(`documents/r-${i}.bin`, body, { contentType: 'image/png', fileName: `r-${i}.png` });
      bodies.set(`documents/r-${i}.bin`, body);
    }
    const sinceBody = Buffer.from(doc('pdf'));
    await t.ports.files.put('documents/r-since.bin', sinceBody, { contentType: 'application/pdf', fileName: 'since.pdf' });
    bodies.set('documents/r-since.bin', sinceBody);
    await inner.put('documents/r-plain.bin', Buffer.from(doc('pdf')), { contentType: 'application/pdf', fileName: 'plain.pdf' });
    const rawBefore = new Map([...bodies.keys()].map((key) => [key, inner.contentOf(key)!]));

    await send(t, 'rotate-file-key');
    const run = await drain(t, 'rotate-file-key');
    expect(run).toMatchObject({ completed: 1, failed: 0 });
    expect(run.lines).toEqual([
      expect.stringContaining(
        'Re-wrapped the data keys of 3 files under key "test-2", their contents unchanged (1 file under it already, 1 file stored unencrypted (`evisa encrypt-files` encrypts them); 5 files checked).',
      ),
    ]);
    const newOnly = new EncryptedFileStorage(inner, parseFileKeyring(newest));
    for (const [key, body] of bodies) {
      const [was, now] = [rawBefore.get(key)!, inner.contentOf(key)!];
      expect(parseHeader(now).keyId).toBe('test-2');
      expect(now.subarray(parseHeader(now).length)).toEqual(was.subarray(parseHeader(was).length));
      expect(await fileContent(newOnly, key)).toEqual(body);
    }
  });

  it('rotate-file-key fails its job, naming the key id, for a file under a key the keyring lacks; the others are re-wrapped', async () => {
    t = await makeMemoryApp();
    const inner = storedFiles(t.ports.files);
    await new EncryptedFileStorage(inner, parseFileKeyring(`lost-key:${randomBytes(32).toString('base64')}`)).put('documents/lost.bin', Buffer.from(doc('pdf')), {
      contentType: 'application/pdf',
      fileName: 'lost.pdf',
    });
    const older = TEST_FILE_ENCRYPTION_KEYS.split(',')[1]!;
    await new EncryptedFileStorage(inner, parseFileKeyring(older)).put('documents/old.bin', Buffer.from(doc('pdf')), { contentType: 'application/pdf', fileName: 'old.pdf' });

    await send(t, 'rotate-file-key');
    const run = await drain(t, 'rotate-file-key');
    expect(run).toMatchObject({ completed: 0, failed: 1 });
    expect(run.lines[0]).toMatch(
      /Re-wrapped the data keys of 1 file under key "test-2".* 1 file could not be done; the first: Stored file documents\/lost.bin is encrypted under the file encryption key "lost-key", which is not in the keyring/,
    );
    expect(parseHeader(inner.contentOf('documents/old.bin')!).keyId).toBe('test-2');
    expect(parseHeader(inner.contentOf('documents/lost.bin')!).keyId).toBe('lost-key');
    const stats = (await t.agency.persistence.jobs.stats()).find((q) => q.name === 'rotate-file-key')!;
    expect(stats.lastError?.message).toContain('"lost-key"');
  });
});
