import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffPage } from '../../apps/web/src/features/staff/staff-page.js';
import { RefundsSection } from '../../apps/web/src/features/refunds/refunds-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const member = (id: number, fullName: string, role: string, active = true, twoFactorEnabled = true) => ({
  id,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@agency.example`,
  fullName,
  phoneNumber: '+441234567890',
  role,
  active,
  twoFactorEnabled,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('the Staff page', () => {
  it('lists staff, adds a member, changes a role and deactivates — never offering to deactivate yourself', async () => {
    const staff = [member(1, 'Boss Admin', 'admin'), member(2, 'Rita Reviewer', 'reviewer')];
    const api = fakeFetch({
      'GET /api/admin/staff': () => ({ status: 200, body: staff }),
      'POST /api/admin/staff': (body) => {
        const added = { ...member(3, (body as { fullName: string }).fullName, (body as { role: string }).role), email: (body as { email: string }).email };
        staff.push(added);
        return { status: 201, body: { member: added, created: true, message: 'Created fin@agency.example with the role finance; we have mailed them a link to choose a password.' } };
      },
      'PUT /api/admin/staff/2': (body) => {
        Object.assign(staff[1]!, 'role' in (body as object) ? { role: (body as { role: string }).role } : { active: (body as { active: boolean }).active });
        return { status: 200, body: staff[1] };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<StaffPage />, { path: '/admin/staff', user: testUser({ id: 1, isAdmin: true, role: 'admin' }) });
    expect(await screen.findByText('Rita Reviewer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Boss Admin' })).toBeNull();

    const user = setupUser();
    await user.selectOptions(screen.getByLabelText('Role of Rita Reviewer'), 'support');
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ role: 'support' });
    await user.click(screen.getByRole('button', { name: 'Deactivate Rita Reviewer' }));
    expect(await screen.findByRole('button', { name: 'Reactivate Rita Reviewer' })).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Add a member of staff' }));
    await user.type(form.getByLabelText('Email'), 'fin@agency.example');
    await user.type(form.getByLabelText('Full name'), 'Fin Finance');
    await user.type(form.getByLabelText('Phone number'), '+441234567899');
    await user.selectOptions(form.getByLabelText('Role'), 'finance');
    await user.click(form.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Fin Finance')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'fin@agency.example', fullName: 'Fin Finance', phoneNumber: '+441234567899', role: 'finance' });
  });
});

describe('two-factor sign-in on the Staff page', () => {
  it("shows whether each member has it on, and resets a colleague's only after asking, showing the answer", async () => {
    const staff = [member(1, 'Boss Admin', 'admin'), member(2, 'Rita Reviewer', 'reviewer'), member(3, 'Sam Support', 'support', true, false)];
    const message = 'Two-factor sign-in was reset. They set it up again when they next sign in.';
    const api = fakeFetch({
      'GET /api/admin/staff': () => ({ status: 200, body: staff }),
      'DELETE /api/admin/staff/2/two-factor': () => {
        staff[1]!.twoFactorEnabled = false;
        return { status: 200, body: { message } };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    await renderPage(<StaffPage />, { path: '/admin/staff', user: testUser({ id: 1, isAdmin: true, role: 'admin' }) });
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    expect(await screen.findByText('Rita Reviewer')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(row('Rita Reviewer').getByText('On')).toBeInTheDocument();
    expect(row('Sam Support').getByText('Off')).toBeInTheDocument();
    // Nothing to reset for Sam; your own is reset from your profile, not here.
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in of Sam Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in of Boss Admin' })).toBeNull();

    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of Rita Reviewer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset two-factor sign-in of Rita Reviewer?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Reset two-factor sign-in of Rita Reviewer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/staff/2/two-factor']);
    expect(await row('Rita Reviewer').findByText('Off')).toBeInTheDocument();
  });
});

describe('actions a role cannot do are hidden', () => {
  it('a support member sees the refunds but no refund form; finance gets the form', async () => {
    const app = { id: 7, initialPaymentId: 'pi_1', finalPaymentId: null, refundedAmount: 0 };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/admin/applications/7/refunds': () => ({ status: 200, body: [] }) }).fn);
    const support = await renderPage(<RefundsSection app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    await screen.findAllByText(/refund/i);
    expect(screen.queryByRole('button', { name: /refund/i })).toBeNull();
    support.unmount();
    await renderPage(<RefundsSection app={app} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'finance' }) });
    expect(await screen.findByRole('button', { name: /refund/i })).toBeInTheDocument();
  });
});
