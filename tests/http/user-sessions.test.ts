import { describe, expect, it } from 'vitest';
import { appDatabases, eachTestAgency } from '../support/app-databases.js';
import { signUp, TestBrowser, type TestAgency } from '../support/http.js';

type Listed = { id: string; createdAt: string; lastSeenAt: string; userAgent: string | null; clientAddress: string | null; current: boolean };

/** "Where you're signed in" (docs/product.md §6.4): GET /api/user/sessions and DELETE /api/user/sessions/{id}. */
describe.each(appDatabases())('the user’s sessions on $name', (db) => {
  let t: TestAgency;
  eachTestAgency(db, (agency) => (t = agency));

  async function secondBrowser(account: { email: string; password: string }) {
    const phone = new TestBrowser(t.app, { ip: '198.51.100.200' });
    const res = await phone.request('/api/login', { json: { email: account.email, password: account.password }, headers: { 'user-agent': 'Phone Browser/1.0' } });
    expect(res.status).toBe(200);
    return phone;
  }

  it('lists the user’s sessions with browser, address and which is this one, by a handle that is not the cookie', async () => {
    const user = await signUp(t.app);
    t.clock.advance({ minutes: 1 });
    const phone = await secondBrowser(user);
    const res = await user.browser.get('/api/user/sessions');
    expect(res.status).toBe(200);
    const list = (await res.json()) as Listed[];
    expect(list).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        createdAt: t.clock.now().toISOString(),
        lastSeenAt: t.clock.now().toISOString(),
        userAgent: 'Phone Browser/1.0',
        clientAddress: '198.51.100.200',
        current: false,
      },
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), createdAt: expect.any(String), lastSeenAt: expect.any(String), userAgent: null, clientAddress: user.browser.options.ip, current: true },
    ]);
    const stored = await t.ports.sessions.listForUser(user.user.id);
    const secrets = [...stored.map((s) => s.idHash), ...user.browser.cookies.values(), ...phone.cookies.values()];
    for (const { id } of list) for (const secret of secrets) expect(secret.includes(id)).toBe(false);
    expect((await new TestBrowser(t.app).get('/api/user/sessions')).status).toBe(401);
  });

  it('ends one of the user’s own sessions (that browser is signed out at once); another user’s id is 404', async () => {
    const user = await signUp(t.app);
    const phone = await secondBrowser(user);
    const other = await signUp(t.app);
    const [phoneSession] = ((await user.browser.get('/api/user/sessions').then((r) => r.json())) as Listed[]).filter((s) => !s.current);
    const [othersSession] = (await other.browser.get('/api/user/sessions').then((r) => r.json())) as Listed[];

    const foreign = await user.browser.request(`/api/user/sessions/${othersSession!.id}`, { method: 'DELETE', json: {} });
    expect(foreign.status).toBe(404);
    expect((await other.browser.get('/api/user')).status).toBe(200);
    expect((await user.browser.request('/api/user/sessions/not-a-session', { method: 'DELETE', json: {} })).status).toBe(404);

    const ended = await user.browser.request(`/api/user/sessions/${phoneSession!.id}`, { method: 'DELETE', json: {} });
    expect(ended.status).toBe(204);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await user.browser.get('/api/user')).status).toBe(200);
    expect(await t.ports.sessions.listForUser(user.user.id)).toHaveLength(1);
  });

  it('ending the current session signs this browser out', async () => {
    const user = await signUp(t.app);
    const [current] = (await user.browser.get('/api/user/sessions').then((r) => r.json())) as Listed[];
    expect((await user.browser.request(`/api/user/sessions/${current!.id}`, { method: 'DELETE', json: {} })).status).toBe(204);
    expect((await user.browser.get('/api/user')).status).toBe(401);
    expect(await t.ports.sessions.listForUser(user.user.id)).toEqual([]);
  });
});
