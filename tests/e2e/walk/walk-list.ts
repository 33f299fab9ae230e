import type { Locator, Page } from 'playwright-core';
import type { Persona, World } from './seed.js';

/** The walk's entry for an address the router does not know: the 404 page. */
export const NOT_FOUND = '(not found)';

/** A further state of a page, reached by doing something on it (a menu opened, a form shown). */
export interface Step {
  label: string;
  act(page: Page, world: World): Promise<void>;
  /** Only on a phone (the menu toggle is not drawn on a desktop). */
  phoneOnly?: true;
  /** A box that scrolls on its own (the side panel): WALK_OUT also photographs it unrolled, whole. */
  unroll?: string;
}

/** One page as one persona: where it is, how to know it has loaded, and what more to do on it. */
export interface Visit {
  /** The route's full path in apps/web/src/routeTree.gen.ts (NOT_FOUND for the 404 page). */
  route: string;
  as: Persona;
  /** What is on the page in words (the state), for the report. */
  state: string;
  /** The address to open (path and search). */
  url(world: World): string;
  /** The path the visit must end on (a redirect's target); the route's own path by default. */
  lands?: string;
  /** Waits for what shows this state (a card, a panel): the walk must not measure a spinner. */
  ready?(page: Page, world: World): Promise<void>;
  steps?: Step[];
  /** Also photographed at 1366×900 when WALK_OUT is set (to see that the phone fixes keep the desktop). */
  desktop?: true;
}

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const heading = (page: Page, name: string | RegExp) => visible(page.getByRole('heading', { level: 1, name }));
const card = (page: Page, world: World, state: keyof World['applications']) => page.getByTestId(`application-${world.applications[state]!.id}`);

const openMenu: Step = {
  label: 'menu open',
  phoneOnly: true,
  async act(page) {
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await visible(page.getByRole('navigation', { name: 'Mobile' }));
  },
};

/** The card's fee offer, then its card form (the consent ticked first when it is asked). */
function payStep(state: 'unpaid' | 'approved'): Step {
  return {
    label: 'card form open',
    async act(page, world) {
      const c = card(page, world, state);
      const consent = c.getByRole('checkbox');
      if ((await consent.count()) > 0 && (await consent.first().getAttribute('aria-checked')) !== 'true') await consent.first().click();
      await c.getByRole('button', { name: /^Pay £[\d.]+ Now$/ }).click();
      await visible(c.getByRole('button', { name: /^Pay £[\d.]+$/ }));
    },
  };
}

/** The admin list on one tab, searched down to one application, and then its side panel. */
function adminTab(as: Persona, tab: string, state: keyof World['applications'], extra: Partial<Visit> = {}): Visit {
  return {
    route: '/admin',
    as,
    state: `${tab} tab with the ${state} application`,
    url: (w) => `/admin?tab=${tab}&q=${encodeURIComponent(w.applications[state]!.applicationNumber)}`,
    ready: (page, w) => visible(page.getByTestId(`admin-row-${w.applications[state]!.id}`)),
    desktop: true,
    ...extra,
    steps: [
      ...(extra.steps ?? []),
      {
        label: 'side panel open',
        unroll: '[data-testid="admin-side-panel"]',
        async act(page, w) {
          const app = w.applications[state]!;
          await page
            .getByTestId(`admin-row-${app.id}`)
            .getByRole('button', { name: /^Manage/ })
            .click();
          await visible(page.getByTestId(`admin-panel-${app.id}`));
        },
      },
    ],
  };
}

function dashboard(as: keyof World['applications'], state: string, steps: Step[] = []): Visit {
  return { route: '/dashboard', as, state, url: () => '/dashboard', ready: (page, w) => visible(card(page, w, as)), steps, desktop: true };
}

/**
 * The walk: every route of the router as each persona that sees it differently, and the states a
 * test can reach on it. A route added to apps/web/src/routes fails the walk until it has an entry here.
 */
export const WALK: readonly Visit[] = [
  // Signed out.
  { route: '/', as: 'visitor', state: 'landing page', url: () => '/', ready: (p) => heading(p, /./), steps: [openMenu], desktop: true },
  {
    route: '/auth',
    as: 'visitor',
    state: 'sign in',
    url: () => '/auth',
    ready: (p) => visible(p.getByRole('tab', { name: 'Sign In' })),
    steps: [
      {
        label: 'sign up tab',
        act: async (p) => {
          await p.getByRole('tab', { name: 'Sign Up' }).click();
          await visible(p.getByRole('tabpanel'));
        },
      },
    ],
  },
  { route: '/contact', as: 'visitor', state: 'contact form', url: () => '/contact', ready: (p) => heading(p, /./) },
  { route: '/contact-info', as: 'visitor', state: 'contact form (second address)', url: () => '/contact-info', ready: (p) => heading(p, /./) },
  {
    route: '/faq-page',
    as: 'visitor',
    state: 'questions',
    url: () => '/faq-page',
    ready: (p) => heading(p, /./),
    steps: [
      {
        label: 'first answer open',
        act: async (p) => {
          await p.locator('summary').first().click();
          await visible(p.locator('details[open]'));
        },
      },
    ],
  },
  {
    route: '/do-i-need-a-visa',
    as: 'visitor',
    state: 'the honest router',
    url: () => '/do-i-need-a-visa',
    ready: (p) => heading(p, /./),
    desktop: true,
    steps: [
      {
        label: 'answer shown',
        async act(p) {
          const arrival = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
          await p.getByLabel('Arrival date').fill(arrival);
          await p.getByRole('button', { name: 'Show my options' }).click();
          await visible(p.getByTestId('router-answer'));
        },
      },
    ],
  },
  { route: '/forgot-password', as: 'visitor', state: 'email form', url: () => '/forgot-password', ready: (p) => heading(p, /./) },
  { route: '/our-record', as: 'visitor', state: 'on-time record', url: () => '/our-record', ready: (p) => heading(p, /./) },
  { route: '/privacy', as: 'visitor', state: 'privacy policy', url: () => '/privacy', ready: (p) => heading(p, /./) },
  { route: '/terms', as: 'visitor', state: 'terms', url: () => '/terms', ready: (p) => heading(p, /./) },
  { route: '/reset-password', as: 'visitor', state: 'no token in the link', url: () => '/reset-password', ready: (p) => heading(p, /./) },
  { route: '/reset-password', as: 'visitor', state: 'new password form', url: () => '/reset-password?token=walk-token', ready: (p) => visible(p.locator('input[type="password"]')) },
  {
    route: '/track',
    as: 'visitor',
    state: 'find your application',
    url: () => '/track',
    ready: (p) => heading(p, /./),
    steps: [
      {
        label: 'code asked for',
        async act(page, w) {
          const unpaid = w.applications.unpaid!;
          await page.getByLabel('Application number', { exact: true }).fill(unpaid.applicationNumber);
          await page.getByLabel('Email', { exact: true }).fill(unpaid.email);
          await page.getByRole('button', { name: 'Email me a code' }).click();
          await visible(page.getByLabel('6-digit code'));
        },
      },
    ],
  },
  { route: '/track', as: 'tracker', state: 'the paid application opened with the mailed code', url: () => '/track', ready: (p) => visible(p.getByText(/^Application EV-/)) },
  { route: NOT_FOUND, as: 'visitor', state: 'an address nobody knows', url: () => '/no-such-page', lands: '/no-such-page', ready: (p) => heading(p, /./) },

  // A signed-in applicant with nothing yet.
  { route: '/dashboard', as: 'new-applicant', state: 'no applications yet', url: () => '/dashboard', ready: (p) => heading(p, /./), steps: [openMenu] },
  { route: '/apply', as: 'new-applicant', state: 'a new application form', url: () => '/apply', ready: (p) => visible(p.locator('form')), desktop: true },
  { route: '/profile', as: 'new-applicant', state: 'profile', url: () => '/profile', ready: (p) => heading(p, /./) },
  { route: '/payment', as: 'new-applicant', state: 'no application chosen', url: () => '/payment', ready: (p) => heading(p, /./) },
  { route: '/passport-upload', as: 'new-applicant', state: 'no application chosen', url: () => '/passport-upload', ready: (p) => heading(p, /./) },
  { route: '/address-details', as: 'new-applicant', state: 'no application chosen', url: () => '/address-details', ready: (p) => heading(p, /./) },
  { route: '/', as: 'new-applicant', state: 'landing page signed in', url: () => '/', ready: (p) => heading(p, /./) },

  // An applicant whose one application is in each state.
  { route: '/apply', as: 'draft', state: 'the form with a saved draft', url: () => '/apply', ready: (p) => visible(p.locator('form')) },
  { route: '/dashboard', as: 'draft', state: 'a saved draft, nothing submitted', url: () => '/dashboard', ready: (p) => heading(p, /./), desktop: true },
  dashboard('unpaid', 'submitted, initial fee unpaid', [payStep('unpaid')]),
  { route: '/payment', as: 'unpaid', state: 'initial fee', url: (w) => `/payment?applicationId=${w.applications.unpaid!.id}`, ready: (p) => heading(p, /./) },
  dashboard('paid', 'initial fee paid', [
    {
      label: 'cancel dialog open',
      act: async (page, w) => {
        await card(page, w, 'paid').getByRole('button', { name: 'Cancel application' }).click();
        await visible(page.getByRole('dialog'));
      },
    },
  ]),
  { route: '/address-details', as: 'paid', state: 'address form', url: (w) => `/address-details?applicationId=${w.applications.paid!.id}`, ready: (p) => visible(p.locator('form')) },
  dashboard('info-requested', 'staff asked for information'),
  dashboard('reupload-requested', 'staff asked for a new passport copy'),
  {
    route: '/passport-upload',
    as: 'reupload-requested',
    state: 'new passport copy asked for',
    url: (w) => `/passport-upload?applicationId=${w.applications['reupload-requested']!.id}`,
    ready: (p) => visible(p.locator('input[type="file"]')),
  },
  dashboard('verified', 'checked by staff, with the portal'),
  dashboard('approved', 'approved, final fee unpaid', [payStep('approved')]),
  { route: '/payment', as: 'approved', state: 'final fee', url: (w) => `/payment?applicationId=${w.applications.approved!.id}`, ready: (p) => heading(p, /./) },
  dashboard('final-paid-with-visa', 'final fee paid, e-visa attached'),
  dashboard('cancelled', 'cancelled by the applicant, initial fee refunded'),
  dashboard('rejected', 'rejected with a reason'),

  // Staff.
  { route: '/admin', as: 'staff-before-two-factor', state: 'asked to set up two-factor sign-in', url: () => '/admin', ready: (p) => heading(p, 'Set up two-factor sign-in') },
  {
    route: '/profile',
    as: 'staff-before-two-factor',
    state: 'two-factor set-up',
    url: () => '/profile',
    ready: (p) => heading(p, /./),
    steps: [
      {
        label: 'secret shown',
        act: async (p) => {
          await p.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
          await visible(p.getByTestId('two-factor-secret'));
        },
      },
    ],
  },
  {
    route: '/admin',
    as: 'admin',
    state: 'Online Entries tab (people who have not applied)',
    url: () => '/admin?tab=online-entries',
    ready: (p) => visible(p.locator('[data-testid^="admin-user-"]')),
    desktop: true,
    steps: [
      openMenu,
      {
        label: 'side panel open',
        unroll: '[data-testid="admin-side-panel"]',
        async act(page) {
          await page
            .locator('[data-testid^="admin-user-"]')
            .first()
            .getByRole('button', { name: /^Manage/ })
            .click();
          await visible(page.getByTestId('admin-side-panel'));
        },
      },
    ],
  },
  adminTab('admin', 'initial-payment', 'paid'),
  adminTab('admin', 'initial-payment', 'info-requested'),
  adminTab('admin', 'submitted-portal', 'verified'),
  adminTab('admin', 'approved', 'approved'),
  adminTab('admin', 'completed', 'final-paid-with-visa'),
  adminTab('admin', 'rejected', 'rejected'),
  adminTab('admin', 'rejected', 'cancelled'),
  { route: '/admin-dashboard', as: 'admin', state: 'the old address', url: () => '/admin-dashboard', lands: '/admin', ready: (p) => visible(p.getByRole('tablist')) },
  { route: '/admin/reports', as: 'admin', state: 'reports', url: () => '/admin/reports', ready: (p) => heading(p, /./), desktop: true },
  {
    route: '/admin/audit',
    as: 'admin',
    state: 'audit log, newest first',
    url: () => '/admin/audit',
    ready: (p) => visible(p.locator('li[data-testid^="audit-"]')),
    desktop: true,
    steps: [
      {
        label: 'chain verified',
        async act(page) {
          await page.getByRole('button', { name: 'Verify the chain' }).click();
          await visible(page.getByTestId('audit-chain').getByRole('status'));
        },
      },
    ],
  },
  {
    route: '/admin/audit',
    as: 'admin',
    state: 'audit log filtered to one application',
    url: (w) => `/admin/audit?applicationNumber=${encodeURIComponent(w.applications.approved!.applicationNumber)}`,
    ready: (p) => visible(p.locator('li[data-testid^="audit-"]')),
    desktop: true,
  },
  { route: '/admin/staff', as: 'admin', state: 'staff accounts', url: () => '/admin/staff', ready: (p) => visible(p.getByText('walk-reviewer@evisa-e2e.example')), desktop: true },
  { route: '/admin/rules', as: 'admin', state: "Egypt's rules in force and scheduled", url: () => '/admin/rules', ready: (p) => heading(p, /Egypt.s rules/), desktop: true },
  { route: '/admin/portal-status', as: 'admin', state: 'the official portal up', url: () => '/admin/portal-status', ready: (p) => heading(p, /Official portal status/), desktop: true },
  { route: '/profile', as: 'admin', state: 'staff profile with two-factor on', url: () => '/profile', ready: (p) => heading(p, /./) },
  adminTab('reviewer', 'initial-payment', 'paid', { state: 'Initial Payment tab as a reviewer' }),
  adminTab('finance', 'completed', 'final-paid-with-visa', { state: 'Complete tab as finance (refunds)' }),
  { route: '/admin/reports', as: 'finance', state: 'reports as finance', url: () => '/admin/reports', ready: (p) => heading(p, /./) },
];
