import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../apps/http/sessions.js';
import { makeMemoryApp, signInAdmin, signInStaff, signUp, TestBrowser, type SignedUp, type TestAgency } from '../support/http.js';

/** Staff management (docs/product.md §6, §7.6): GET/POST /api/admin/staff, PUT /api/admin/staff/{userId}. */
let t: TestAgency;
let admin: SignedUp;
beforeEach(async () => {
  await t?.close();
  t = await makeMemoryApp();
  admin = await signInAdmin(t, 'boss@agency.example');
});
afterAll(async () => {
  await t.close();
});

const newMember = { email: 'Rita@Agency.example', fullName: 'Rita Reviewer', phoneNumber: '+441234567891', role: 'reviewer' };
const staffState = async () => (await t.ports.users.listStaff()).map((u) => ({ id: u.id, email: u.email, role: u.role, deactivatedAt: u.deactivatedAt, passwordHash: u.passwordHash }));

async function expectRefused(res: Response, status: number, message: string | RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { message: string };
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('adding a member of staff', () => {
  it('creates the account with a password nobody knows and mails a link to choose one; the link signs them in with their role', async () => {
    const res = await admin.browser.post('/api/admin/staff', newMember);
    expect(res.status).toBe(201);
    const added = (await res.json()) as { member: { id: number; role: string; active: boolean; email: string }; created: boolean; message: string };
    expect(added).toMatchObject({ created: true, member: { email: 'rita@agency.example', fullName: 'Rita Reviewer', phoneNumber: '+441234567891', role: 'reviewer', active: true } });
    expect(added.message).toBe('Created rita@agency.example with the role reviewer; we have mailed them a link to choose a password.');

    const [mail] = await t.ports.outbox.list({ to: 'rita@agency.example' });
    expect(mail).toMatchObject({ template: 'staff_invitation', data: { fullName: 'Rita Reviewer', role: 'reviewer' } });
    const rita = new TestBrowser(t.app, { ip: '192.0.2.77' });
    expect((await rita.post('/api/password-reset/confirm', { token: mail!.data.resetToken, newPassword: 'rita chose this' })).status).toBe(200);
    const login = await rita.post('/api/login', { email: 'rita@agency.example', password: 'rita chose this' });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string; isAdmin: boolean } }).user).toMatchObject({ role: 'reviewer', isAdmin: true });
    expect(((await (await rita.get('/api/user')).json()) as { role: string }).role).toBe('reviewer');
    expect((await rita.get('/api/admin/payment-issues')).status).toBe(403);

    const list = (await (await admin.browser.get('/api/admin/staff')).json()) as { email: string; role: string; active: boolean }[];
    expect(list.map((m) => [m.email, m.role, m.active])).toEqual([
      ['boss@agency.example', 'admin', true],
      ['rita@agency.example', 'reviewer', true],
    ]);
  });

  it('says whether each member signs in with two-factor sign-in; a reset turns it off in the list', async () => {
    const colleague = await signInStaff(t, 'finance', 'fin@agency.example');
    await admin.browser.post('/api/admin/staff', newMember);
    const twoFactor = async () => ((await (await admin.browser.get('/api/admin/staff')).json()) as { email: string; twoFactorEnabled: boolean }[]).map((m) => [m.email, m.twoFactorEnabled]);
    expect(await twoFactor()).toEqual([
      ['boss@agency.example', true],
      ['fin@agency.example', true],
      ['rita@agency.example', false],
    ]);
    expect((await admin.browser.request(`/api/admin/staff/${colleague.user.id}/two-factor`, { method: 'DELETE', json: {} })).status).toBe(200);
    expect(await twoFactor()).toEqual([
      ['boss@agency.example', true],
      ['fin@agency.example', false],
      ['rita@agency.example', false],
    ]);
    expect((await t.ports.users.findById(colleague.user.id))?.twoFactorEnabledAt ?? null).toBeNull();
  });

  it('an email that already has an account makes that account staff with the role, and says so', async () => {
    const applicant = await signUp(t.app, { email: 'amelia@example.com' });
    expect(applicant.user.role).toBeNull();
    const res = await admin.browser.post('/api/admin/staff', { ...newMember, email: 'amelia@example.com', role: 'support' });
    expect(res.status).toBe(200);
    const added = (await res.json()) as { created: boolean; message: string; member: { id: number; role: string } };
    expect(added).toMatchObject({ created: false, member: { id: applicant.user.id, role: 'support' } });
    expect(added.message).toBe('amelia@example.com already had an account: they are now staff with the role support. Their password is unchanged.');
    // Their open session sees the new role at once.
    expect((await (await applicant.browser.get('/api/user')).json()) as { role: string; isAdmin: boolean }).toMatchObject({ role: 'support', isAdmin: true });
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await staffState();
    const mailsBefore = (await t.ports.outbox.list()).length;
    await expectRefused(await admin.browser.post('/api/admin/staff', { ...newMember, role: 'owner' }), 400, 'Please choose a role: admin, reviewer, finance, support.');
    await expectRefused(await admin.browser.post('/api/admin/staff', { ...newMember, role: undefined }), 400, 'Please choose a role: admin, reviewer, finance, support.');
    await expectRefused(await admin.browser.post('/api/admin/staff', { ...newMember, email: 'nope' }), 400, /email/i);
    await expectRefused(await admin.browser.post('/api/admin/staff', { ...newMember, fullName: '' }), 400, 'Full name is required');
    expect(await staffState()).toEqual(before);
    expect(await t.ports.users.findByEmail('rita@agency.example')).toBeNull();
    expect((await t.ports.outbox.list()).length).toBe(mailsBefore);
  });
});

describe('changing a member of staff', () => {
  it('changes a role; deactivating ends their sessions and refuses their sign-in; reactivating lets them back', async () => {
    const finance = await signInStaff(t, 'finance', 'fin@agency.example');
    const id = finance.user.id;
    const session = hashSessionId(finance.browser.cookies.get('evisa_session')!);
    expect(await t.ports.sessions.find(session)).not.toBeNull();
    const changed = await admin.browser.put(`/api/admin/staff/${id}`, { role: 'support' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id, role: 'support', active: true });
    expect((await finance.browser.get('/api/admin/payment-issues')).status).toBe(403);

    const off = await admin.browser.put(`/api/admin/staff/${id}`, { active: false });
    expect(await off.json()).toMatchObject({ id, active: false });
    expect(await t.ports.sessions.find(session)).toBeNull();
    expect((await finance.browser.get('/api/user')).status).toBe(401);
    const again = new TestBrowser(t.app, { ip: '192.0.2.78' });
    await expectRefused(await again.post('/api/login', { email: finance.email, password: finance.password }), 403, 'This account has been deactivated. Please ask an administrator of the agency.');
    // A wrong password is still just wrong: a stranger learns nothing about the account.
    await expectRefused(await again.post('/api/login', { email: finance.email, password: 'not it at all' }), 401, 'Invalid email or password.');

    expect(await (await admin.browser.put(`/api/admin/staff/${id}`, { active: true })).json()).toMatchObject({ id, active: true, role: 'support' });
    expect((await again.post('/api/login', { email: finance.email, password: finance.password })).status).toBe(200);
  });

  it('refuses, writing nothing: unknown role, both or neither change, the last active admin, deactivating yourself, unknown or out-of-range ids, applicants', async () => {
    const reviewer = await signInStaff(t, 'reviewer');
    const applicant = await signUp(t.app);
    const me = admin.user.id;
    const before = await staffState();
    const put = (id: number | string, body: unknown) => admin.browser.put(`/api/admin/staff/${id}`, body);

    await expectRefused(await put(reviewer.user.id, { role: 'owner' }), 400, 'Please choose a role: admin, reviewer, finance, support.');
    await expectRefused(await put(reviewer.user.id, { role: 'admin', active: true }), 400, 'Please send either a new role or whether the account is active.');
    await expectRefused(await put(reviewer.user.id, {}), 400, 'Please send either a new role or whether the account is active.');
    await expectRefused(await put(reviewer.user.id, { active: 'no' }), 400, 'active must be true or false.');
    await expectRefused(await put(me, { role: 'reviewer' }), 409, 'The agency must keep at least one active admin: make another member of staff admin first.');
    await expectRefused(await put(me, { active: false }), 400, 'You cannot deactivate your own account. Ask another admin to do it.');
    await expectRefused(await put(999_999, { role: 'admin' }), 404, 'Staff member not found.');
    await expectRefused(await put(2 ** 31, { role: 'admin' }), 404, 'Staff member not found.');
    await expectRefused(await put('abc', { role: 'admin' }), 400, 'Invalid user ID.');
    await expectRefused(await put(applicant.user.id, { role: 'admin' }), 404, 'Staff member not found.');
    expect(await staffState()).toEqual(before);
    expect((await t.ports.users.findById(applicant.user.id))?.isAdmin).toBe(false);

    // With a second admin, the first may step down.
    const other = await signInAdmin(t);
    expect((await put(me, { role: 'finance' })).status).toBe(200);
    await expectRefused(await other.browser.put(`/api/admin/staff/${other.user.id}`, { role: 'support' }), 409, /at least one active admin/);
  });

  it('only admins manage staff: other roles get 403 and nothing is written', async () => {
    const support = await signInStaff(t, 'support');
    const before = await staffState();
    await expectRefused(await support.browser.get('/api/admin/staff'), 403, 'Your role does not allow this (staff.manage).');
    await expectRefused(await support.browser.post('/api/admin/staff', newMember), 403, 'Your role does not allow this (staff.manage).');
    await expectRefused(await support.browser.put(`/api/admin/staff/${support.user.id}`, { role: 'admin' }), 403, 'Your role does not allow this (staff.manage).');
    expect(await staffState()).toEqual(before);
  });
});
