import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { track, trackPageViews } from '../../apps/web/src/lib/analytics.js';
import { fakeFetch } from './render.js';

afterEach(() => vi.unstubAllGlobals());

describe('analytics', () => {
  it('sends a page view on every route change, with the path, and never blocks or throws', async () => {
    const api = fakeFetch({ 'POST /api/events': () => new Promise(() => undefined) }); // the server never answers
    vi.stubGlobal('fetch', api.fn);
    const root = createRootRoute({ component: () => <Outlet /> });
    const routes = ['/', '/faq-page', '/contact'].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> }));
    const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
    const stop = trackPageViews(router as never);
    await act(async () => {
      render(<RouterProvider router={router as never} />);
      await router.load();
    });
    await act(() => router.navigate({ to: '/faq-page' }));
    await act(() => router.navigate({ to: '/contact' }));
    await act(() => router.navigate({ to: '/contact' })); // same address: no second view
    stop();
    const views = api.calls.filter((c) => c.url === '/api/events').map((c) => c.body as { name: string; path: string });
    expect(views).toEqual([
      { name: 'page_view', path: '/', properties: {} },
      { name: 'page_view', path: '/faq-page', properties: {} },
      { name: 'page_view', path: '/contact', properties: {} },
    ]);
  });

  it('posts conversion events with keepalive and only the tracking fields of docs/product.md §13', () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      calls.push(init);
      return Promise.reject(new Error('offline'));
    });
    expect(() => track('payment_succeeded', { applicationId: 4, paymentType: 'final', amount: 3900, currency: 'gbp' })).not.toThrow();
    expect(calls[0].keepalive).toBe(true);
    expect(calls[0].method).toBe('POST');
    expect(JSON.parse(String(calls[0].body))).toEqual({
      name: 'payment_succeeded',
      path: '/',
      properties: { applicationId: 4, paymentType: 'final', amount: 3900, currency: 'gbp' },
    });
  });
});
