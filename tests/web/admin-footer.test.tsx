import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../apps/web/src/components/layout/footer.js';
import { renderPage, testUser } from './render.js';

const admin = testUser({ isAdmin: true, role: 'admin' });

describe('the footer under the staff pages', () => {
  it.each(['/admin', '/admin/staff', '/admin/audit', '/admin/reports'])('%s has one quiet staff line, not the marketing footer', async (path) => {
    await renderPage(<Footer />, { path, user: admin });
    expect(screen.getByTestId('staff-footer')).toHaveTextContent('Egypt e-Visa Agency · staff pages · times are UK time');
    expect(screen.queryByRole('heading', { name: 'Quick links' })).toBeNull();
    expect(screen.queryByText(/Disclaimer/)).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('keeps the full footer on the public and applicant pages', async () => {
    await renderPage(<Footer />, { path: '/dashboard', user: testUser() });
    expect(screen.getByRole('heading', { name: 'Quick links' })).toBeInTheDocument();
    expect(screen.queryByTestId('staff-footer')).toBeNull();
  });
});
