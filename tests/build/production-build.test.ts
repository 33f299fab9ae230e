import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRITISH_TRAVELLER, td3Lines } from '../../bench/support/synthetic-passport.js';

/**
 * `npm run build` makes plain JavaScript that `node` runs without tsx, Vite or TypeScript: the
 * server answers and the CLI migrates. (The web app's build is exercised by the browser suites.)
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside the checkout, so the built files find node_modules and "type": "module" as dist/ does.
const OUT = path.join(ROOT, 'test-artifacts', `build-${process.pid}`);

function filesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('the production build', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'evisa-built-'));
    const result = spawnSync(process.execPath, ['scripts/build.mjs', '--server-only'], { cwd: ROOT, env: { ...process.env, BUILD_OUT_DIR: OUT }, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });
  afterAll(() => {
    rmSync(OUT, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is JavaScript only, with the migrations beside their adapters', () => {
    const files = filesIn(OUT).map((f) => path.relative(OUT, f));
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(files).toContain(path.join('apps', 'http', 'main.js'));
    expect(files).toContain(path.join('adapters', 'passport', 'worker.js'));
    expect(files).toContain(path.join('adapters', 'passport', 'tessdata', 'mrz.traineddata'));
    for (const dialect of ['sqlite', 'postgres']) {
      expect(existsSync(path.join(OUT, 'adapters', 'persistence', dialect, 'migrations', 'meta', '_journal.json'))).toBe(true);
    }
  });

  it('refuses to start without FILE_ENCRYPTION_KEYS: one line naming the variable (exit 1)', () => {
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' };
    const server = spawnSync(process.execPath, [path.join(OUT, 'apps/http/main.js')], { env, encoding: 'utf8', timeout: 20_000 });
    expect(server.status).toBe(1);
    expect(server.stderr.trim()).toMatch(/^Invalid configuration: FILE_ENCRYPTION_KEYS must be set when NODE_ENV=production: [^\n]*$/);
    expect(existsSync(path.join(dataDir, 'file-encryption.key'))).toBe(false);
  });

  it('serves with plain node, scans a passport, and its CLI runs too', { timeout: 90_000 }, async () => {
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      FILE_ENCRYPTION_KEYS: `built-1:${Buffer.alloc(32, 7).toString('base64')}`,
    };
    const migrate = spawnSync(process.execPath, [path.join(OUT, 'apps/cli/main.js'), 'migrate'], { env, encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).toBe(0);

    const server = spawn(process.execPath, [path.join(OUT, 'apps/http/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (d) => (output += d));
    server.stderr.on('data', (d) => (output += d));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL logged: ${output}`)), 20_000);
        server.stdout.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok' });
      const register = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'built@example.com', password: 'secret-123', fullName: 'Built Server', phoneNumber: '+447700900123' }),
      });
      expect(register.status).toBe(201);
      // The scanner's worker and its OCR-B model ship with the build.
      const form = new FormData();
      form.append('file', new File([new Uint8Array(readFileSync(path.join(ROOT, 'tests/fixtures/passport-british.heic')))], 'IMG_0001.heic', { type: 'image/heic' }));
      const scan = await fetch(`${url}/api/passport-scan`, { method: 'POST', headers: { origin: url, cookie: register.headers.getSetCookie()[0]!.split(';')[0]! }, body: form });
      expect(scan.status).toBe(200);
      expect(await scan.json()).toMatchObject({ valid: true, mrz: td3Lines(BRITISH_TRAVELLER) });
    } finally {
      server.kill('SIGTERM');
      const code = await new Promise((r) => server.on('exit', r));
      expect(code).toBe(0);
    }
    expect(output).toContain('Stopped.');
  });
});
