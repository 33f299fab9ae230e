import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, PUBLIC_URL_PLACEHOLDER } from '../../apps/http/web-pages.js';
import { makeMemoryApp, TestBrowser, type TestAgency } from '../support/http.js';

// A build as apps/web's prerender plugin writes it: the shell, pre-rendered pages with the
// PUBLIC_URL placeholder, their manifest, and an asset with its .br and .gz copies.
let t: TestAgency;
let dist: string;
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = (title: string, body: string, pagePath: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}${pagePath}" /></head><body><div id="root" data-prerendered="${pagePath}">${body}</div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'evisa-pages-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shell</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), page('Home', '<h1>Your Egypt e-visa, without the hassle</h1>', '/'));
  writeFileSync(path.join(dist, 'prerendered', 'faq-page.html'), page('FAQ', '<h1>Frequently Asked Questions</h1>', '/faq-page'));
  writeFileSync(path.join(dist, 'prerendered', 'auth.html'), page('Sign In', '<h1>Sign in</h1>', '/auth'));
  writeFileSync(
    path.join(dist, 'prerendered.json'),
    JSON.stringify({
      pages: [
        { path: '/', file: 'prerendered/index.html', inSitemap: true },
        { path: '/faq-page', file: 'prerendered/faq-page.html', inSitemap: true },
        { path: '/auth', file: 'prerendered/auth.html', inSitemap: false },
      ],
    }),
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
  t = await makeMemoryApp({ app: { staticRoot: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function raw(pathname: string, acceptEncoding?: string): Promise<{ res: Response; body: Buffer }> {
  const res = await t.app.request(pathname, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('the pre-rendered public pages', () => {
  it('answer / with the page already drawn (the hero headline in the raw HTML) and PUBLIC_URL in its canonical link', async () => {
    const { res, body } = await raw('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = body.toString();
    expect(html).toContain('without the hassle');
    expect(html).toContain(`<link rel="canonical" href="${t.agency.config.publicUrl.replace(/\/$/, '')}/" />`);
    expect(html).not.toContain(PUBLIC_URL_PLACEHOLDER);
  });

  it('answer each page its own HTML, with or without a trailing slash; other client routes get the shell', async () => {
    expect((await raw('/faq-page')).body.toString()).toContain('<title>FAQ</title>');
    expect((await raw('/faq-page/')).body.toString()).toContain('<title>FAQ</title>');
    expect((await raw('/auth')).body.toString()).toContain('data-prerendered="/auth"');
    for (const route of ['/dashboard', '/admin', '/nothing/such/page']) {
      const { res, body } = await raw(route);
      expect(res.status, route).toBe(200);
      expect(body.toString(), route).toContain('<title>Shell</title>');
    }
  });

  it('compress HTML on the fly by Accept-Encoding: brotli first, then gzip, else plain', async () => {
    const br = await raw('/', 'gzip, deflate, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(brotliDecompressSync(br.body).toString()).toContain('without the hassle');
    const gz = await raw('/', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('without the hassle');
    const plain = await raw('/', 'identity');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toContain('without the hassle');
  });

  it('send the build-time .br/.gz copy of an asset by Accept-Encoding, cached for good', async () => {
    const br = await raw('/assets/index-abc123.js', 'gzip, br');
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.res.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);
    const gz = await raw('/assets/index-abc123.js', 'gzip');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET);
    const plain = await raw('/assets/index-abc123.js');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('do not hand out the raw pre-rendered files with their placeholder', async () => {
    const { body } = await raw('/prerendered/index.html');
    expect(body.toString()).not.toContain(PUBLIC_URL_PLACEHOLDER);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text that allows the site, keeps crawlers off the API and names the sitemap', async () => {
    const res = await new TestBrowser(t.app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    const base = t.agency.config.publicUrl.replace(/\/$/, '');
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages meant for search at PUBLIC_URL', async () => {
    const res = await new TestBrowser(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    const base = t.agency.config.publicUrl.replace(/\/$/, '');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${base}/`, `${base}/faq-page`]);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});
