import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../support/fakes.js';
import { applicationForm } from '../support/http.js';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../support/server-process.js';

/**
 * The disk fills up while a document is written (issue 38, "Faults survived"). The node's uploads
 * folder is a real file system of 1 MB: a tmpfs mounted in a mount namespace of the node's own
 * (`unshare --mount`, or `unshare --user --map-root-user --mount` when not root), so nothing is
 * mounted on the machine and nothing is left mounted if the test dies; the test sees that file
 * system through /proc/<pid>/root. A file fills most of it; an upload that does not fit answers 507
 * `{ message }` with Retry-After, leaves no partial or temporary file and no document row, and
 * changes nothing on the application; once room is made, the same upload is stored.
 */
const PUBLIC_URL = 'http://agency.test';
const FULL = 'There is no room to store the file right now. Please try again later.';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
/** A passport "photo" of `bytes` (a JPEG by its first bytes). */
const photo = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), randomBytes(bytes - 12)]);

const UNSHARE = ['unshare', ...(isRoot ? [] : ['--user', '--map-root-user']), '--mount', '--propagation', 'private'];

/** Whether this machine lets a process mount a tmpfs in a mount namespace of its own. */
function canMountPrivately(): boolean {
  const probe = spawnSync(UNSHARE[0]!, [...UNSHARE.slice(1), 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d"'], { timeout: 10_000 });
  return probe.status === 0;
}
const mountable = canMountPrivately();
if (!mountable) {
  const reason = 'this machine does not let a process mount a tmpfs in its own mount namespace (unshare --mount; a container without CAP_SYS_ADMIN or user namespaces)';
  if (process.env.CI) throw new Error(`CI: the disk-full test needs it, but ${reason}.`);
  console.warn(`\n!!! SKIPPING the disk-full test: ${reason}.\n`);
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(!mountable)('the disk full while a document is written', () => {
  let node: ServerProcess;
  let uploads: string;

  beforeAll(async () => {
    node = await startServerProcess(
      'disk-full',
      { DATABASE_URL: '', STORAGE_URL: '', MAIL_URL: '', PUBLIC_URL, REMINDER_SCHEDULE: 'off', RETENTION_SCHEDULE: 'off', PASSPORT_SCAN_WORKERS: '1' },
      {
        wrap: (argv) => [...UNSHARE, 'sh', '-c', 'mkdir -p "$DATA_DIR/uploads" && mount -t tmpfs -o size=1m,mode=0755 tmpfs "$DATA_DIR/uploads" && exec "$@"', 'sh', ...argv],
      },
    );
    uploads = `/proc/${node.child.pid}/root${node.dataDir}/uploads`;
  }, 120_000);

  afterAll(async () => {
    if (node) await stopServerProcesses([node]);
    if (node) rmSync(node.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 507 { message }, leaves no partial file, no row and the application as it was; stores it once there is room', async () => {
    // The node's uploads folder is the small file system, not the machine's disk.
    const fs = statfsSync(uploads);
    expect(fs.blocks * fs.bsize).toBeLessThanOrEqual(1024 * 1024);

    const clock = new FixedClock(new Date());
    const call = (cookie: string, method: string, url: string, body?: unknown) =>
      fetch(`${node.url}${url}`, { method, headers: { origin: PUBLIC_URL, cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const registered = await call('', 'POST', '/api/register', { email: 'full@example.com', password: 'secret-123', fullName: 'Disk Full', phoneNumber: '+447700900123' });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await call(cookie, 'POST', '/api/applications', applicationForm(clock));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const state = async () => {
      const application = (await (await call(cookie, 'GET', `/api/applications/${id}`)).json()) as Record<string, unknown>;
      const documents = (await (await call(cookie, 'GET', `/api/applications/${id}/documents`)).json()) as unknown[];
      return { version: application.version, updatedAt: application.updatedAt, passportScan: application.passportScan, documents };
    };
    const upload = (content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)], { type: 'image/jpeg' }), 'passport.jpg');
      form.append('type', 'passport');
      return fetch(`${node.url}/api/applications/${id}/documents`, { method: 'POST', headers: { origin: PUBLIC_URL, cookie }, body: form });
    };

    // Something else filled the disk: about 300 KB are left.
    const filler = path.join(uploads, 'filler.bin');
    writeFileSync(filler, Buffer.alloc(700 * 1024));
    const before = await state();
    const passport = photo(600 * 1024);

    const refused = await upload(passport);
    expect(refused.status, node.output().slice(-2000)).toBe(507);
    expect(await refused.json()).toEqual({ message: FULL });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing half-written: no partial file, no temporary file, no row; the application as it was.
    expect(filesUnder(uploads)).toEqual(['filler.bin']);
    expect(await state()).toEqual(before);
    expect(node.child.exitCode).toBeNull();

    // The operator makes room: the same upload is stored, whole.
    rmSync(filler);
    const stored = await upload(passport);
    expect(stored.status, await stored.clone().text()).toBe(201);
    const document = (await stored.json()) as { id: number; size: number };
    expect(document.size).toBe(passport.length);
    const files = filesUnder(uploads);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(2); // the file and its sidecar
    const file = await fetch(`${node.url}/api/documents/${document.id}/file`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(passport)).toBe(true);
  }, 120_000);
});
