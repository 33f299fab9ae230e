import { describe, expect, it } from 'vitest';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { applicationForm, signUp, TestBrowser, type TestAgency } from '../support/http.js';

/** No draft is no error: GET answers 200 null, so a fresh apply page asks without a 404 (issue 37). */
async function expectNoDraft(browser: TestBrowser) {
  const res = await browser.get('/api/application-draft');
  expect(res.status).toBe(200);
  expect(await res.json()).toBeNull();
}

describe.each(appDatabases())('application draft on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  it('saves any subset of the form, answers it back on another device, replaces it whole and deletes it', async () => {
    const { browser, user, email, password } = await signUp(t.app);
    await expectNoDraft(browser);

    const draft = { givenName: 'Ada', surname: '', expectedArrivalDate: '2026-1', visitedEgyptBefore: true, deportationReason: null, status: 'approved' };
    const put = await browser.put('/api/application-draft', draft);
    expect(put.status).toBe(200);
    const saved = { givenName: 'Ada', surname: '', expectedArrivalDate: '2026-1', visitedEgyptBefore: true, deportationReason: null };
    expect(await put.json()).toEqual(saved);
    expect((await t.ports.drafts.find(user.id))?.fields).toEqual(saved);

    // Signed in again elsewhere: the same draft.
    const laptop = new TestBrowser(t.app, { ip: '198.51.100.7' });
    expect((await laptop.post('/api/login', { email, password })).status).toBe(200);
    const got = await laptop.get('/api/application-draft');
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(saved);

    expect(await (await laptop.put('/api/application-draft', { profession: 'Pilot' })).json()).toEqual({ profession: 'Pilot' });
    expect(await (await browser.get('/api/application-draft')).json()).toEqual({ profession: 'Pilot' });

    const del = await browser.request('/api/application-draft', { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await t.ports.drafts.find(user.id)).toBeNull();
    await expectNoDraft(laptop);
    expect((await browser.request('/api/application-draft', { method: 'DELETE' })).status).toBe(204);
  });

  it('is part of the user’s data export and goes with an erasure', async () => {
    const { browser, user, email } = await signUp(t.app);
    await browser.put('/api/application-draft', { givenName: 'Exported' });
    const exported = await t.agency.useCases.exportUserData(email);
    expect(exported.applicationDraft).toEqual({ userId: user.id, fields: { givenName: 'Exported' }, updatedAt: expect.any(Date) });
    await t.agency.useCases.eraseUser(email);
    expect(await t.ports.drafts.find(user.id)).toBeNull();
  });

  it('is private: another user neither reads nor overwrites it', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await owner.browser.put('/api/application-draft', { givenName: 'Mine' });
    await expectNoDraft(other.browser);
    await other.browser.put('/api/application-draft', { givenName: 'Theirs' });
    await other.browser.request('/api/application-draft', { method: 'DELETE' });
    expect(await (await owner.browser.get('/api/application-draft')).json()).toEqual({ givenName: 'Mine' });
    const visitor = new TestBrowser(t.app);
    expect((await visitor.get('/api/application-draft')).status).toBe(401);
    expect((await visitor.put('/api/application-draft', { givenName: 'x' })).status).toBe(401);
  });

  it('refuses a wrong type or size with 400 { message, errors } and keeps the saved draft', async () => {
    const { browser, user } = await signUp(t.app);
    await browser.put('/api/application-draft', { givenName: 'Kept' });
    const cases: [unknown, string, string][] = [
      [{ givenName: 42 }, 'givenName', 'Must be text'],
      [{ givenName: 'x'.repeat(101) }, 'givenName', 'Given name must be at most 100 characters'],
      [{ passportNumber: 'P'.repeat(31) }, 'passportNumber', 'Passport number must be at most 30 characters'],
      [{ deportationReason: 'r'.repeat(1001) }, 'deportationReason', 'Must be at most 1000 characters'],
      [{ visitedEgyptBefore: 'yes' }, 'visitedEgyptBefore', 'Must be true or false'],
      [{ surname: { nested: true } }, 'surname', 'Must be text'],
    ];
    for (const [body, field, message] of cases) {
      const res = await browser.put('/api/application-draft', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const answer = await res.json();
      expect(answer.message).toBe(message);
      expect(answer.errors[field]).toEqual([message]);
    }
    for (const body of [[{ givenName: 'a' }], 'text', 7]) {
      const res = await browser.put('/api/application-draft', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('A draft must be a JSON object of the application form’s fields.');
    }
    const notJson = await browser.request('/api/application-draft', { method: 'PUT', body: '{"givenName":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const huge = await browser.put('/api/application-draft', { givenName: 'a', padding: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect((await t.ports.drafts.find(user.id))?.fields).toEqual({ givenName: 'Kept' });
  });

  it('is deleted when an application is submitted, and only the submitter’s', async () => {
    const { browser, user } = await signUp(t.app);
    const other = await signUp(t.app);
    await browser.put('/api/application-draft', { givenName: 'Ada' });
    await other.browser.put('/api/application-draft', { givenName: 'Other' });
    const bad = await browser.post('/api/applications', applicationForm(t.clock, { privacyPolicyAccepted: false }));
    expect(bad.status).toBe(400);
    expect((await t.ports.drafts.find(user.id))?.fields).toEqual({ givenName: 'Ada' });
    const res = await browser.post('/api/applications', applicationForm(t.clock));
    expect(res.status).toBe(201);
    expect(await t.ports.drafts.find(user.id)).toBeNull();
    await expectNoDraft(browser);
    expect((await t.ports.drafts.find(other.user.id))?.fields).toEqual({ givenName: 'Other' });
  });
});
