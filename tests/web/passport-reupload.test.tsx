import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '../../apps/web/src/lib/toast-store.js';
import { installFakeXhr } from './fake-xhr.js';
import { expectBesideField, expectInSummary, fakeFetch, renderApp, setupUser, testUser, toastText } from './render.js';

const application = {
  id: 5,
  applicationNumber: 'EV-5',
  givenName: 'Amelia',
  surname: 'Traveller',
  status: 'additional_info_required',
  requiresPassportReupload: true,
  additionalInfoMessage: 'Sharper, please.',
};

let restoreXhr: (() => void) | null = null;
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
  restoreXhr?.();
  restoreXhr = null;
});

async function renderReupload() {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      'GET /api/applications': () => ({ status: 200, body: [application] }),
      'GET /api/applications/5/documents': () => ({ status: 200, body: [] }),
    }).fn,
  );
  await renderApp('/passport-upload?applicationId=5', { user: testUser() });
  await screen.findByText('Sharper, please.');
  return document.getElementById('reupload-file') as HTMLInputElement;
}

const file = (name: string, type: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type });

describe('passport re-upload page: errors beside the control (docs/product.md §2.10, §14.5)', () => {
  it('refuses a file of the wrong type beside the control, announced — not in a toast', async () => {
    const input = await renderReupload();
    const user = setupUser({ applyAccept: false });
    await user.upload(input, file('scan.gif', 'image/gif'));
    await expectBesideField('reupload-file', 'Please select a JPG, PNG, HEIC or PDF file.');
    expect(toastText()).toBe('');
    expect(screen.getByRole('button', { name: 'Upload Passport' })).toBeDisabled();

    await user.upload(input, file('passport.jpg', 'image/jpeg'));
    expect(document.getElementById('reupload-file-error')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Upload Passport' })).toBeEnabled();
  });

  it("shows the server's refusal of the file beside it and in the summary, which takes the focus", async () => {
    const tooLarge = 'File too large. The maximum size is 10MB.';
    const xhr = installFakeXhr(() => ({ status: 413, body: { message: tooLarge } }));
    restoreXhr = xhr.restore;
    const input = await renderReupload();
    const user = setupUser();
    await user.upload(input, file('passport.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Upload Passport' }));
    await expectBesideField('reupload-file', tooLarge);
    expect(await expectInSummary(tooLarge, 'reupload-file')).toHaveFocus();
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(toastText()).toBe('');
  });

  it('says a failure of no field in the summary alone, with the fallback when the server says nothing', async () => {
    const xhr = installFakeXhr(() => ({ status: 500 }));
    restoreXhr = xhr.restore;
    const input = await renderReupload();
    const user = setupUser();
    await user.upload(input, file('passport.jpg', 'image/jpeg'));
    await user.click(screen.getByRole('button', { name: 'Upload Passport' }));
    const summary = await expectInSummary('Failed to upload document. Please try again.');
    expect(summary).toHaveFocus();
    expect(within(summary).queryByRole('link')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(toastText()).toBe('');
  });
});
