import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDto } from '../../apps/web/src/api/applications.js';
import type { AdminApplicationDto } from '../../apps/web/src/features/admin/api.js';
import { flagBadges } from '../../apps/web/src/features/admin/badges.js';
import { ApplicationCard } from './composed.js';
import { RepliesSection } from '../../apps/web/src/features/replies/replies-section.js';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { REPLY_EMPTY_MESSAGE, REPLY_TOO_LONG_MESSAGE } from '../../core/domain/reply.js';
import { installFakeXhr } from './fake-xhr.js';
import { fakeFetch, fill, renderPage, setupUser, testUser } from './render.js';

afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

const waitingGuarantee = { deadline: '2026-12-02T23:59:59.999Z', breached: false, workingDaysUsed: 1, workingDaysTotal: 5 as const, paused: true };

function app(overrides: Partial<ApplicationDto> = {}): ApplicationDto {
  return {
    id: 3,
    applicationNumber: 'EV-2611-7K3QX9',
    userId: 1,
    status: 'additional_info_required',
    givenName: 'Amelia',
    surname: 'Traveller',
    nationality: 'United Kingdom',
    entry: 'Single',
    expectedArrivalDate: '2026-12-10',
    expectedDepartureDate: '2026-12-20',
    createdAt: '2026-11-23T10:00:00.000Z',
    initialPaymentId: 'pi_1',
    finalPaymentId: null,
    address: '1 High St',
    additionalInfoMessage: 'Please send your hotel booking.',
    requiresPassportReupload: false,
    passportReuploadedAt: null,
    repliedAt: null,
    guarantee: waitingGuarantee,
    groupId: null,
    serviceStartRequestedAt: '2026-11-23T10:00:00.000Z',
    cancelledAt: null,
    cancellationRequestedAt: null,
    cancellationDeclinedAt: null,
    cancellationReason: null,
    cancellationResponse: null,
    refundedAmount: 0,
    timeline: [],
    ...overrides,
  } as ApplicationDto;
}

const pdf = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const reply = {
  id: 8,
  applicationId: 3,
  text: 'Booked at the Nile Hotel.',
  createdAt: '2026-12-04T14:05:00.000Z',
  documents: [
    {
      id: 41,
      applicationId: 3,
      type: 'reply',
      fileName: 'booking.pdf',
      fileUrl: '/api/documents/41/file',
      contentType: 'application/pdf',
      size: 2048,
      status: 'pending',
      verificationNotes: null,
      uploadedAt: '2026-12-04T14:05:00.000Z',
      verifiedAt: null,
    },
  ],
};

describe('the reply form on the dashboard card (docs/product.md §16.7)', () => {
  async function renderCard(overrides: Partial<ApplicationDto> = {}) {
    await renderPage(<ApplicationCard application={app(overrides)} />, { path: '/dashboard', user: testUser() });
    return within(screen.getByTestId('application-3'));
  }

  it('shows field errors beside their field, announced, before anything is sent', async () => {
    const xhr = installFakeXhr(() => ({ status: 201, body: reply }));
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }) }).fn);
    try {
      const card = await renderCard();
      // A file picker's 'All files' lets anything through the accept list: the form checks the type itself.
      const user = setupUser({ applyAccept: false });
      const textarea = card.getByLabelText('Your reply');
      expect(card.getByRole('form', { name: 'Reply to our team' })).toContainElement(textarea);
      expect(card.getByText('You have 4,000 characters remaining')).toBeInTheDocument();

      await user.click(card.getByRole('button', { name: 'Send reply' }));
      const empty = card.getByText(REPLY_EMPTY_MESSAGE);
      expect(empty).toHaveAttribute('role', 'alert');
      expect(textarea).toHaveAttribute('aria-invalid', 'true');
      expect(textarea.getAttribute('aria-describedby')).toContain(empty.id);
      expect(textarea).toHaveFocus();

      await fill(user, textarea, 'x'.repeat(4003));
      expect(card.getByText('You have 3 characters too many')).toBeInTheDocument();
      await user.click(card.getByRole('button', { name: 'Send reply' }));
      expect(card.getByText(REPLY_TOO_LONG_MESSAGE)).toHaveAttribute('role', 'alert');

      // A document of a refused type, then too many: the error sits beside the upload control.
      const input = document.getElementById(card.getByLabelText(/Add a document/).id) as HTMLInputElement;
      await user.upload(input, new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
      const typeError = card.getByText('Please select a JPG, PNG, or PDF file.');
      expect(typeError).toHaveAttribute('role', 'alert');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input.getAttribute('aria-describedby')).toContain(typeError.id);
      await user.upload(input, new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' }));
      expect(card.getByText('Please select a file smaller than 10MB.')).toBeInTheDocument();
      for (let i = 1; i <= 5; i += 1) await user.upload(document.getElementById(input.id) as HTMLInputElement, pdf(`page-${i}.pdf`));
      expect(within(card.getByRole('list', { name: 'Documents to send' })).getAllByRole('listitem')).toHaveLength(5);
      expect(card.queryByRole('alert')).toHaveTextContent(REPLY_TOO_LONG_MESSAGE); // the document errors cleared once a good file came
      expect(document.getElementById(input.id)).toBeDisabled();
      await user.click(card.getByRole('button', { name: 'Remove page-5.pdf' }));
      expect(within(card.getByRole('list', { name: 'Documents to send' })).getAllByRole('listitem')).toHaveLength(4);
      expect(xhr.requests).toEqual([]);
    } finally {
      xhr.restore();
    }
  });

  it('sends the words and documents, then shows the server’s refusal beside its field', async () => {
    let answer: { status: number; body?: unknown } = { status: 415, body: { message: 'Please select a JPG, PNG, or PDF file.' } };
    const xhr = installFakeXhr(() => answer);
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }), 'GET /api/applications/3/replies': () => ({ status: 200, body: [reply] }) }).fn);
    try {
      const card = await renderCard();
      const user = setupUser();
      await fill(user, card.getByLabelText('Your reply'), 'Booked at the Nile Hotel.');
      await user.upload(card.getByLabelText(/Add a document/), pdf('booking.pdf'));
      await user.click(card.getByRole('button', { name: 'Send reply' }));
      // The server sniffed the content: its refusal goes beside the documents, not only in a toast.
      const refused = await card.findByText('Please select a JPG, PNG, or PDF file.');
      expect(refused).toHaveAttribute('role', 'alert');
      expect(xhr.requests).toHaveLength(1);
      expect(xhr.requests[0]!.url).toBe('/api/applications/3/reply');
      expect(xhr.requests[0]!.body.get('text')).toBe('Booked at the Nile Hotel.');
      expect((xhr.requests[0]!.body.getAll('files') as File[]).map((f) => f.name)).toEqual(['booking.pdf']);

      answer = { status: 409, body: { message: 'Our team is not waiting for an answer on this application, so a reply cannot be sent.' } };
      await user.click(card.getByRole('button', { name: 'Send reply' }));
      expect(await card.findByText('Our team is not waiting for an answer on this application, so a reply cannot be sent.')).toHaveAttribute('role', 'alert');

      answer = { status: 201, body: reply };
      await user.click(card.getByRole('button', { name: 'Send reply' }));
      await waitFor(() => expect(xhr.requests).toHaveLength(3));
      await waitFor(() => expect(card.getByLabelText('Your reply')).toHaveValue(''));
      expect(card.queryByRole('list', { name: 'Documents to send' })).toBeNull();
    } finally {
      xhr.restore();
    }
  });

  it('shows the reply once sent, and the clock no longer paused', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications/3/replies': () => ({ status: 200, body: [reply] }) }).fn);
    const card = await renderCard({ repliedAt: '2026-12-04T14:05:00.000Z', guarantee: { ...waitingGuarantee, paused: false } });
    expect(card.getByRole('heading', { name: 'You replied on Friday 4 December 2026 at 14:05 (UK time)' })).toBeInTheDocument();
    expect(await card.findByText('Booked at the Nile Hotel.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'booking.pdf' })).toHaveAttribute('href', '/api/documents/41/file');
    expect(card.queryByText(/Paused — waiting for your answer/)).toBeNull();
    expect(card.queryByLabelText('Your reply')).toBeNull();
    await setupUser().click(card.getByRole('button', { name: 'Send another reply' }));
    expect(card.getByLabelText('Your reply')).toBeInTheDocument();
  });

  it('offers no reply where nobody waits on the applicant', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    const card = await renderCard({ status: 'under_process', additionalInfoMessage: null });
    expect(card.queryByRole('form', { name: 'Reply to our team' })).toBeNull();
  });
});

describe('the staff side panel’s replies and the REPLIED flag', () => {
  const adminApp = (overrides: Partial<AdminApplicationDto> = {}) => app(overrides as Partial<ApplicationDto>) as unknown as AdminApplicationDto;

  it('shows the request and the replies newest first with their documents; REPLIED flags the row', async () => {
    const older = {
      ...reply,
      id: 7,
      text: '',
      createdAt: '2026-12-03T09:00:00.000Z',
      documents: [{ ...reply.documents[0]!, id: 40, fileName: 'ticket.png', fileUrl: '/api/documents/40/file', contentType: 'image/png' }],
    };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications/3/replies': () => ({ status: 200, body: [reply, older] }) }).fn);
    const answered = adminApp({ repliedAt: '2026-12-04T14:05:00.000Z' });
    await renderPage(<RepliesSection app={answered} />, { path: '/admin', user: testUser({ isAdmin: true, role: 'admin' }) });
    const section = screen.getByRole('region', { name: 'Replies from the applicant' });
    expect(within(section).getByText('REPLIED')).toBeInTheDocument();
    expect(within(section).getByText('Please send your hotel booking.')).toBeInTheDocument();
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.dataset.testid).filter(Boolean)).toEqual(['reply-8', 'reply-7']);
    expect(within(section).getByRole('link', { name: 'Download booking.pdf' })).toHaveAttribute('href', '/api/documents/41/file');
    expect(within(section).getByText('Documents only, no message.')).toBeInTheDocument();

    expect(flagBadges(answered).map((b) => b.label)).toContain('REPLIED');
    expect(flagBadges(adminApp()).map((b) => b.label)).not.toContain('REPLIED');
    expect(flagBadges(adminApp({ status: 'under_process', repliedAt: '2026-12-04T14:05:00.000Z' })).map((b) => b.label)).not.toContain('REPLIED');
  });
});
