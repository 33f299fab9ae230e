/**
 * The public pages the build pre-renders (apps/web/prerender-plugin.ts), what search engines and
 * link previews read of them, and so what /sitemap.xml lists (the server reads the build's
 * prerendered.json). Titles stay on the routes (`staticData.title`). Descriptions are English
 * messages (msg): the pre-renderer translates them for each locale.
 */
import { msg } from '@core/i18n/index.js';

export interface PublicPage {
  path: '/' | '/faq-page' | '/privacy' | '/terms' | '/contact' | '/auth' | '/track' | '/our-record' | '/do-i-need-a-visa';
  description: string;
  /** Listed in /sitemap.xml (the sign-in shell is pre-rendered for speed, not for search). */
  inSitemap: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    description: msg('Apply online for your Egypt tourist e-visa with a private UK agency: £10 to start, an answer within 5 working days, 24/7 expert support.'),
    inSitemap: true,
  },
  {
    path: '/do-i-need-a-visa',
    description: msg(
      'Do you need a visa for Egypt? From your nationality, arrival date, airport and stay: the official e-visa, a visa on arrival, the free Sinai stamp or an embassy visa, with prices and sources.',
    ),
    inSitemap: true,
  },
  {
    path: '/faq-page',
    description: msg('Answers to common questions about the Egypt tourist e-visa: documents, fees, processing times and what happens after you apply.'),
    inSitemap: true,
  },
  {
    path: '/contact',
    description: msg('Contact our visa experts about your Egypt e-visa application by form, email or phone — we answer around the clock.'),
    inSitemap: true,
  },
  { path: '/privacy', description: msg('How the Egypt e-Visa Agency collects, uses and protects your personal data and passport documents.'), inSitemap: true },
  { path: '/terms', description: msg('The terms of service of the Egypt e-Visa Agency: our fees, the 5 working days guarantee and refunds.'), inSitemap: true },
  {
    path: '/track',
    description: msg('Track your Egypt e-visa application without signing in: enter your application number and email to see its status, timeline and what happens next.'),
    inSitemap: true,
  },
  {
    path: '/our-record',
    description: msg('How often we decided Egypt e-visa applications within 5 working days over the last 12 weeks, week by week, computed from our status history.'),
    inSitemap: true,
  },
  { path: '/auth', description: msg('Sign in or create your free account to apply for your Egypt tourist e-visa online.'), inSitemap: false },
];

/** Stands for the deployment's PUBLIC_URL in pre-rendered HTML; the server puts the real one in. */
export const PUBLIC_URL_PLACEHOLDER = '__EVISA_PUBLIC_URL__';

/** The signed-in hint cookie (not secret, not the session): set at sign-in, cleared at sign-out. */
export const SIGNED_IN_HINT_COOKIE = 'evisa_signed_in';

/** Whether this browser may be signed in: without the hint nobody is, and /api/user is not asked. */
export function mayBeSignedIn(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}
