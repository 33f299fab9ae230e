import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICIAL_ROUTE_META_PLACEHOLDER, OFFICIAL_ROUTE_PLACEHOLDERS as P } from '../../core/domain/official-route.js';
import { makeMemoryApp, type TestAgency } from '../support/http.js';

// docs/product.md §1.5: the server puts the configured official route into the built HTML: the
// meta tag the SPA reads before it hydrates, and the pre-rendered statement itself.
let t: TestAgency;
let dist: string;
const head = `<meta name="evisa-official-route" content="${OFFICIAL_ROUTE_META_PLACEHOLDER}" />`;
const statement = `<p>You can apply yourself at <a href="${P.url}">${P.site}</a> for the official fee (${P.fee}). Official fee as of <time dateTime="${P.effective}">${P.effectiveText}</time>.</p>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'evisa-official-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><head>${head}</head><div id="root"></div>`);
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), `<!doctype html><head>${head}</head><div id="root">${statement}</div>`);
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ pages: [{ path: '/', file: 'prerendered/index.html', inSitemap: true }] }));
  t = await makeMemoryApp({
    app: { staticRoot: dist },
    env: { OFFICIAL_VISA_URL: 'https://visa2egypt.gov.eg/apply?a=1&b=2', OFFICIAL_VISA_FEE: 'US$25 <single> entry', OFFICIAL_VISA_FEE_EFFECTIVE: '2027-03-01' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the official route in the served HTML', () => {
  it('fills the pre-rendered statement with the configured values, escaped', async () => {
    const html = await (await t.app.request('/')).text();
    expect(html).toContain(
      '<p>You can apply yourself at <a href="https://visa2egypt.gov.eg/apply?a=1&amp;b=2">visa2egypt.gov.eg/apply</a> for the official fee (US$25 &lt;single&gt; entry). Official fee as of <time dateTime="2027-03-01">1 March 2027</time>.</p>',
    );
    for (const placeholder of [...Object.values(P), OFFICIAL_ROUTE_META_PLACEHOLDER]) expect(html).not.toContain(placeholder);
  });

  it('writes the route as JSON into the meta tag of the pre-rendered pages and the SPA shell', async () => {
    for (const route of ['/', '/payment']) {
      const html = await (await t.app.request(route)).text();
      const content = /<meta name="evisa-official-route" content="([^"]*)"/.exec(html)![1];
      const decoded = content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
      expect(JSON.parse(decoded), route).toEqual({
        url: 'https://visa2egypt.gov.eg/apply?a=1&b=2',
        site: 'visa2egypt.gov.eg/apply',
        fee: 'US$25 <single> entry',
        effective: '2027-03-01',
        effectiveText: '1 March 2027',
      });
    }
  });
});
