import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryLog } from '../../apps/web/src/features/messages/delivery-log.js';
import { ApplicationCard } from './composed.js';
import { DashboardPage } from './composed.js';
import { MailBounceNotice } from '../../apps/web/src/features/profile/mail-bounce-notice.js';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { fakeFetch, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const LOG = [
  { id: 'email-3', channel: 'email', template: 'status_changed', to: 'amelia@example.com', status: 'bounced', at: '2026-12-03T10:00:00.000Z', error: '550 5.1.1 No such user here' },
  { id: 'sms-1', channel: 'sms', template: 'status_changed', to: '+447400123456', status: 'sent', at: '2026-12-02T10:00:00.000Z' },
  { id: 'email-1', channel: 'email', template: 'application_received', to: 'amelia@example.com', status: 'sent', at: '2026-12-01T10:00:00.000Z' },
];

describe('the Messages section on the admin row (docs/product.md §16.5)', () => {
  it('lists each message with its channel, template in words, recipient, state, time and error; Resend queues a copy', async () => {
    const log = [...LOG];
    const api = fakeFetch({
      'GET /api/admin/applications/7/messages': () => ({ status: 200, body: log }),
      'POST /api/admin/messages/email-3/resend': () => {
        const copy = { id: 'email-4', channel: 'email', template: 'status_changed', to: 'amelia@example.com', status: 'queued', at: '2026-12-04T09:00:00.000Z' };
        log.unshift(copy);
        return { status: 201, body: copy };
      },
    });
    vi.stubGlobal('fetch', api.fn);
    const bounce = { address: 'amelia@example.com', at: '2026-12-03T10:00:00.000Z', reason: '550 5.1.1 No such user here' };
    await renderPage(<DeliveryLog applicationId={7} bounce={bounce} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'support' }) });
    const section = within(screen.getByRole('region', { name: 'Messages' }));
    expect(section.getByTestId('mail-bounce')).toHaveTextContent(/^Mail to amelia@example\.com bounced on Thursday 3 December 2026.*: 550 5\.1\.1 No such user here$/);

    const bounced = within(await section.findByTestId('message-email-3'));
    expect(bounced.getByText('Email: Status changed')).toBeInTheDocument();
    expect(bounced.getByText('Bounced')).toHaveAttribute('data-tone', 'orange');
    const line = bounced.getByText((_, element) => element?.tagName === 'P' && /^To amelia@example\.com · Thursday 3 December 2026/.test(element.textContent ?? ''));
    // Only the address may break anywhere: the time wraps between words ('(UK time)', never '(UK ti me)').
    expect(line).not.toHaveClass('break-all');
    expect(within(line).getByText('amelia@example.com')).toHaveClass('break-all');
    expect(bounced.getByText('550 5.1.1 No such user here')).toBeInTheDocument();
    const text = within(section.getByTestId('message-sms-1'));
    expect(text.getByText('Text: Status changed')).toBeInTheDocument();
    expect(text.getByText('Sent')).toHaveAttribute('data-tone', 'green');
    expect(text.getByRole('button', { name: 'Resend Status changed to +447400123456' })).toBeInTheDocument();
    expect(within(section.getByTestId('message-email-1')).getByText('Email: Application received')).toBeInTheDocument();

    await setupUser().click(bounced.getByRole('button', { name: 'Resend Status changed to amelia@example.com' }));
    expect(await section.findByTestId('message-email-4')).toHaveTextContent('Queued');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/messages/email-3/resend']);
    expect(await screen.findByText('Message queued again')).toBeInTheDocument();
  });

  it('offers no Resend to a role that may not contact applicants, and says when there is nothing yet', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/admin/applications/7/messages': () => ({ status: 200, body: LOG }), 'GET /api/admin/applications/8/messages': () => ({ status: 200, body: [] }) }).fn);
    await renderPage(
      <>
        <DeliveryLog applicationId={7} />
        <DeliveryLog applicationId={8} />
      </>,
      { path: '/admin', user: testUser({ isAdmin: true, role: 'finance' }) },
    );
    const [first, second] = screen.getAllByRole('region', { name: 'Messages' }).map((s) => within(s));
    expect(await first!.findByTestId('message-email-3')).toBeInTheDocument();
    expect(first!.queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(first!.queryByTestId('mail-bounce')).toBeNull();
    expect(await second!.findByText('No messages yet.')).toBeInTheDocument();
  });
});

describe('the applicant is told when their address bounces', () => {
  it('on the profile (and anywhere the notice is placed): the product’s sentence, only while it bounces', async () => {
    await renderPage(
      <>
        <MailBounceNotice user={testUser({ mailBounce: { address: 'amelia@example.com', at: '2026-12-03T10:00:00.000Z' } })} />
        <MailBounceNotice user={testUser()} />
      </>,
      { path: '/profile', user: testUser() },
    );
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['We could not reach you at amelia@example.com. Please check your email address.']);
  });

  it('on the dashboard', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }) }).fn);
    await renderPage(<DashboardPage />, { path: '/dashboard', user: testUser({ mailBounce: { address: 'amelia@example.com', at: '2026-12-03T10:00:00.000Z' } }) });
    expect(await screen.findByTestId('mail-bounce-notice')).toHaveTextContent('We could not reach you at amelia@example.com. Please check your email address.');
  });
});

describe('the border pack on the dashboard card (docs/product.md §16.6)', () => {
  it('links to it next to the e-visa', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/applications/3/documents': () => ({ status: 200, body: [{ id: 12, applicationId: 3, type: 'visa', fileName: 'evisa-EV-3.pdf', uploadedAt: '2026-12-05T10:00:00.000Z' }] }),
      }).fn,
    );
    const application = {
      id: 3,
      applicationNumber: 'EV-2612-000003',
      status: 'final_payment_received',
      givenName: 'Amelia',
      surname: 'Traveller',
      nationality: 'United Kingdom',
      entry: 'Single',
      expectedArrivalDate: '2026-12-20',
      expectedDepartureDate: '2027-01-03',
      createdAt: '2026-12-01T10:00:00.000Z',
      initialPaymentId: 'pi_1',
      finalPaymentId: 'pi_2',
      address: 'x',
      visaDocument: 'evisa-EV-3.pdf',
      additionalInfoMessage: null,
      requiresPassportReupload: false,
      passportReuploadedAt: null,
      guarantee: { deadline: null, breached: false },
      serviceStartRequestedAt: null,
      cancelledAt: null,
      cancellationRequestedAt: null,
      cancellationDeclinedAt: null,
      cancellationReason: null,
      cancellationResponse: null,
      refundedAmount: 0,
    } as unknown as ApplicationDto;
    await renderPage(<ApplicationCard application={application} />, { path: '/dashboard', user: testUser() });
    expect(await screen.findByRole('link', { name: 'Download border pack (PDF)' })).toHaveAttribute('href', '/api/applications/3/border-pack');
  });
});
