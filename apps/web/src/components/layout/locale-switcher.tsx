import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, localisedPath, type Locale } from '@core/domain/locale.js';
import { PSEUDO_LOCALE } from '@core/i18n/index.js';
import { api, call } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { useAuth } from '../../api/user.js';
import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { toast } from '../../lib/toast-store.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Remembers the choice in this browser: the server then sends English addresses to it (apps/http/web-pages.ts). */
function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** The same page in another language: a new page load at its address (the locale is fixed for a page's life). */
function openIn(locale: Locale, pathname: string): void {
  window.location.assign(localisedPath(pathname, locale) + window.location.search + window.location.hash);
}

/**
 * Choosing a language: remembered in the browser and, when signed in, on the account (its mails,
 * texts and PDFs follow), then the same page opens in it. A failed save says so and stays.
 */
function useChooseLocale(): (locale: Locale) => Promise<void> {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { t } = useT();
  return async (locale) => {
    if (user) {
      try {
        queryClient.setQueryData(keys.user, await call(api.user.profile.$put({ json: { locale } })));
      } catch {
        toast({ title: t('Your language could not be saved. Please try again.'), variant: 'destructive' });
        return;
      }
    }
    rememberLocale(locale);
    openIn(locale, pathname);
  };
}

/** The header's language menu: each language named in its own words (never translated: translate="no"). */
export function LocaleSelect({ className }: { className?: string }) {
  const { t, intl } = useT();
  const choose = useChooseLocale();
  const id = useId();
  return (
    <span className={cn('inline-flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('Language')}
      </label>
      <select
        id={id}
        value={intl}
        onChange={(event) => void choose(event.target.value as Locale)}
        className="min-h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 touch:min-h-11"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale} translate="no">
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The footer's languages: plain links (crawlers follow them), each choosing its language when followed. */
export function LocaleLinks({ linkClassName }: { linkClassName: string }) {
  const { t, intl } = useT();
  const choose = useChooseLocale();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav aria-label={t('Language')}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localisedPath(pathname, locale)}
              hrefLang={locale}
              lang={locale}
              translate="no"
              aria-current={locale === intl ? 'true' : undefined}
              className={cn(linkClassName, locale === intl && 'font-semibold text-white')}
              onClick={(event) => {
                event.preventDefault();
                void choose(locale);
              }}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The account's language wins once signed in (docs/product.md, "Languages"): a page opened in
 * another one is opened again in the account's (the pseudo-locale of the tests excepted).
 */
export function useAccountLocale(): void {
  const hydrated = useHydrated();
  const { user } = useAuth();
  const { locale } = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const wanted = hydrated && user && locale !== PSEUDO_LOCALE && user.locale !== locale ? user.locale : null;
  useEffect(() => {
    if (!wanted) return;
    rememberLocale(wanted);
    openIn(wanted, pathname);
  }, [wanted, pathname]);
}
