import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { postgresHarness, sqliteHarness, type PersistenceHarness } from '../support/persistence-adapters.js';
import { applicantWithApplication, makeAppOn, signInAdmin, type TestAgency } from '../support/http.js';
import { captureLog } from '../support/log-capture.js';

/**
 * Ids beyond the 32-bit range of the id columns (2^31 and up) name nothing: 404 on both databases,
 * never a driver error (PostgreSQL answered 500 and logged the SQL).
 */
const OUT_OF_RANGE = ['2147483648', '4294967296', '9007199254740991'];

describe.each([
  ['sqlite', () => Promise.resolve(sqliteHarness())],
  ['postgres', () => postgresHarness()],
] as const)('ids outside the columns’ range on %s', (_name, openHarness) => {
  let harness: PersistenceHarness;
  let persistence: Persistence;
  let t: TestAgency;
  const log = captureLog('warn');

  beforeAll(async () => {
    harness = await openHarness();
    persistence = await harness.create();
    t = await makeAppOn(persistence, { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    await harness.dispose();
  });

  it('are 404 on every id route, for the applicant and the admin, and nothing is logged', async () => {
    const owner = await applicantWithApplication(t);
    const admin = await signInAdmin(t);
    for (const id of OUT_OF_RANGE) {
      const asOwner: [string, string, unknown?][] = [
        ['GET', `/api/applications/${id}`],
        ['PATCH', `/api/applications/${id}`, { address: '1 Nile St', city: 'Cairo', postcode: '11511', hotelDetails: 'Nile Hotel' }],
        ['GET', `/api/applications/${id}/documents`],
        ['GET', `/api/documents/${id}/file`],
        ['POST', `/api/payments/initial/${id}`],
        ['POST', `/api/payments/initial/confirm/${id}`, { paymentIntentId: 'pi_x' }],
      ];
      for (const [method, url, json] of asOwner) {
        const res = await owner.browser.request(url, { method, json });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(await res.json()).toEqual({ message: expect.stringMatching(/ not found\.$/) });
      }
      const asAdmin: [string, string, unknown?][] = [
        ['GET', `/api/applications/${id}`],
        ['GET', `/api/admin/applications/${id}/history`],
        ['PUT', `/api/admin/applications/${id}/status`, { status: 'under_process' }],
        ['POST', `/api/admin/applications/${id}/send-evisa`, {}],
      ];
      for (const [method, url, json] of asAdmin) {
        const res = await admin.browser.request(url, { method, json });
        expect(res.status, `${method} ${url}`).toBe(404);
      }
    }
    const upload = await owner.browser.upload(`/api/applications/${OUT_OF_RANGE[0]}/documents`, {
      file: { content: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]), name: 'p.jpg', type: 'image/jpeg' },
      type: 'passport',
    });
    expect(upload.status).toBe(404);
    expect(log.lines).toEqual([]);
    // The largest id in range is an ordinary unknown id.
    expect((await owner.browser.get('/api/applications/2147483647')).status).toBe(404);
    expect((await owner.browser.get(`/api/applications/${owner.application.id}`)).status).toBe(200);
  });
});
