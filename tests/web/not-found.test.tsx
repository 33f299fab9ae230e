import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderApp, testUser } from './render.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the 404 page (docs/product.md §2.2)', () => {
  it('speaks the product’s own words inside the usual header and footer, with ways on for a visitor', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fn);
    await renderApp('/no-such-page', { user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/router/i)).toBeNull();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign in to see your applications' })).toHaveAttribute('href', '/auth');
    expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Track an application with its number' })).toHaveAttribute('href', '/track');
    expect(main.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(main.queryByRole('link', { name: /dashboard/ })).toBeNull();
    // The layout's header and footer stand around it.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers a signed-in traveller their dashboard, and staff the admin dashboard', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/applications': () => ({ status: 200, body: [] }) }).fn);
    const traveller = await renderApp('/dashboard/nothing-here', { user: testUser() });
    expect(within(await screen.findByRole('main')).getByRole('link', { name: 'Go to your dashboard and your applications' })).toHaveAttribute('href', '/dashboard');
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /Sign in/ })).toBeNull();
    traveller.unmount();
    await renderApp('/admin/nothing-here', { user: testUser({ isAdmin: true }) });
    expect(within(await screen.findByRole('main')).getByRole('link', { name: 'Go to the admin dashboard' })).toHaveAttribute('href', '/admin');
  });
});
