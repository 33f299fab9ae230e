import { describe, expect, it } from 'vitest';
import { normaliseApplicationNumber } from '../../core/domain/tracking.js';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicantWithApplication, TestBrowser, type TestAgency } from '../support/http.js';

const REQUESTED = 'If this application number belongs to an application of this email address, we have emailed a 6-digit code to it. The code works for 15 minutes.';
const MALFORMED = 'Please enter a valid application number, e.g. EV-2611-7K3QX9';

/** The number as people type it from an email or a printout: spaces for hyphens, lower case, a copied dash. */
function typedVersions(number: string): string[] {
  const [, month, random] = number.split('-');
  return [`EV ${month} ${random}`, `ev ${month} ${random.toLowerCase()}`, `EV–${month}–${random}`, `EV${month}${random}`, `  ev-${month}-${random.toLowerCase()}  `];
}

/**
 * /track takes an application number however it is typed (issue 37): the shared schema reads it as
 * issued, so the server finds the application and the code opens it, on every database.
 */
describe.each(appDatabases())('/track with a number typed with spaces on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));
  let ip = 0;

  it('mails the code and opens the application for every typed form of the number', async () => {
    const { email, application } = await applicantWithApplication(t, { givenName: 'Amira' });
    const number = application.applicationNumber;
    for (const typed of typedVersions(number)) {
      expect(normaliseApplicationNumber(typed), typed).toBe(number);
      const browser = new TestBrowser(t.app, { ip: `198.51.100.${++ip}` });
      const before = (await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'tracking_code').length;
      const res = await browser.post('/api/track/request', { applicationNumber: typed, email });
      expect(res.status, typed).toBe(200);
      expect(await res.json()).toEqual({ message: REQUESTED });
      const mails = (await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'tracking_code');
      expect(mails, typed).toHaveLength(before + 1);
      const code = String(mails.at(-1)!.data.code);
      const verified = await browser.post('/api/track/verify', { applicationNumber: typed, email, code });
      expect(verified.status, typed).toBe(200);
      expect((await verified.json()).application).toMatchObject({ applicationNumber: number, givenName: 'Amira' });
      // A fresh code each time: the limit of 5 per number and hour is not what is tested here.
      t.clock.advance({ hours: 1 });
    }
  });

  it('still refuses what is no application number, with the field’s message and no mail', async () => {
    const { email } = await applicantWithApplication(t);
    for (const typed of ['EV 2611 7K3QX', 'XX 2611 7K3QX9', 'EV 2611 7K3QU9', '']) {
      const res = await new TestBrowser(t.app, { ip: `203.0.113.${++ip}` }).post('/api/track/request', { applicationNumber: typed, email });
      expect(res.status, typed).toBe(400);
      expect(await res.json()).toEqual({ message: MALFORMED, errors: { applicationNumber: [MALFORMED] } });
    }
    expect((await t.ports.outbox.list({ to: email })).filter((m) => m.template === 'tracking_code')).toHaveLength(0);
  });
});
