import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { act, render, screen, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { createQueryClient } from '../../apps/web/src/api/query-client.js';
import { keys } from '../../apps/web/src/api/keys.js';
import type { PublicConfig } from '../../apps/web/src/api/config.js';
import type { CurrentUser } from '../../apps/web/src/api/user.js';
import { Toaster } from '../../apps/web/src/components/ui/toaster.js';

export const TEST_CONFIG: PublicConfig = { paymentProvider: 'test', agencyEmail: 'help@agency.example', agencyName: 'Egypt e-Visa Agency' };

export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'amelia@example.com',
    username: 'amelia@example.com',
    fullName: 'Amelia Traveller',
    phoneNumber: '+447700900123',
    isAdmin: false,
    role: null,
    needsPasswordChange: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    twoFactorEnabled: false,
    locale: 'en-GB',
    ...overrides,
  };
}

export interface Rendered extends RenderResult {
  queryClient: QueryClient;
  /** The path the in-memory router is on (after navigations the component made). */
  path(): string;
}

/**
 * Renders `ui` as the page at `path` inside a real TanStack router (memory history) and Query
 * client, with the toaster mounted. Other paths render a marker so navigations can be asserted.
 */
export async function renderPage(ui: ReactNode, options: { path?: string; user?: CurrentUser | null; config?: PublicConfig | null; queryClient?: QueryClient } = {}): Promise<Rendered> {
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setQueryData(keys.user, options.user === undefined ? null : options.user);
  if (options.config !== null) queryClient.setQueryData(keys.config, options.config ?? TEST_CONFIG);
  const path = options.path ?? '/';
  const pathname = path.split('?')[0];

  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    notFoundComponent: () => <p data-testid="elsewhere">elsewhere</p>,
  });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: pathname, component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );
    await router.load();
  });
  return {
    ...result,
    queryClient,
    path: () => router.state.location.href,
  };
}

/**
 * Renders the whole app (its real route tree: header, guards, loaders, pages) at `path` on a memory
 * history, with the user and the config already known. Stub `fetch` for what the pages load.
 */
export async function renderApp(
  path: string,
  options: { user?: CurrentUser | null; config?: PublicConfig } = {},
): Promise<RenderResult & { router: AnyRouter; queryClient: QueryClient; path(): string }> {
  // Loaded here, not at the top: most suites render one component and need none of the app's pages.
  const { routeTree } = await import('../../apps/web/src/routeTree.gen.js');
  const queryClient = createQueryClient();
  queryClient.setQueryData(keys.user, options.user ?? null);
  queryClient.setQueryData(keys.config, options.config ?? TEST_CONFIG);
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await router.load();
  });
  return { ...result, router, queryClient, path: () => router.state.location.href };
}

/** What the toaster shows now ('' when nothing): a field's problem is never said there, only beside its field. */
export function toastText(): string {
  return document.querySelector('[data-variant]')?.textContent ?? '';
}

/**
 * Asserts the field `id` shows `message` beside it, announced: the control is aria-invalid and
 * described by an alert holding the message (Field's `${id}-error`).
 */
export async function expectBesideField(id: string, message: string): Promise<void> {
  await waitFor(() => expect(document.getElementById(`${id}-error`)).toHaveTextContent(message));
  const control = document.getElementById(id)!;
  expect(control).toHaveAttribute('aria-invalid', 'true');
  expect(control.getAttribute('aria-describedby')?.split(' ')).toContain(`${id}-error`);
  expect(document.getElementById(`${id}-error`)).toHaveAttribute('role', 'alert');
}

/** The error summary at the top of the form lists `message` as a link to the field `id`. */
export async function expectInSummary(message: string, id?: string): Promise<HTMLElement> {
  const summary = await screen.findByTestId('error-summary');
  if (id) expect(within(summary).getByRole('link', { name: message })).toHaveAttribute('href', `#${id}`);
  else expect(within(summary).getByText(message)).toBeInTheDocument();
  return summary;
}

/** A fetch stand-in answering by "METHOD path"; records every request. */
export function fakeFetch(routes: Record<string, (body: unknown) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url}`];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const answer = await handler(body);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fn: fn as typeof fetch, calls };
}

export type User = ReturnType<typeof userEvent.setup>;

/**
 * user-event without its pause after every keystroke and pointer action (by default a
 * `setTimeout(0)` each, which a loaded machine stretches): the tests check the events a user's
 * actions send, not their pace. Where a test waits on something asynchronous it says so (findBy…,
 * waitFor).
 */
export function setupUser(options: Parameters<typeof userEvent.setup>[0] = {}): User {
  return userEvent.setup({ delay: null, ...options });
}

/**
 * Opens the radix Select whose trigger has the id `triggerId` and picks `option` in the list it
 * opened. The option is looked up inside that list only: a page-wide role query would also compute
 * the accessible name of every other option on the page (the application form has hundreds of
 * country <option>s).
 */
export async function chooseOption(user: User, triggerId: string, option: string): Promise<void> {
  await user.click(document.getElementById(triggerId)!);
  const list = await screen.findByRole('listbox');
  await user.click(within(list).getByRole('option', { name: option }));
}

/**
 * Enters `text` in the empty `field` as one paste after a click (one input event, one render of the
 * form) rather than a keystroke each: for text whose typing is not what the test is about.
 */
export async function fill(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/** Ticks the express request to start at once, asked before the first payment (ServiceStartConsent). */
export async function requestStartNow(user: ReturnType<typeof setupUser>): Promise<void> {
  await user.click(await screen.findByRole('checkbox', { name: /Please start work on my application straight away/ }));
}
