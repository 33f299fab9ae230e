import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { useAuth } from '../../api/user.js';
import { useAgency } from '../../lib/use-agency.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { buttonClasses } from '../ui/button.js';
import { cn } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import { pageWidth } from './page-width.js';
import { LocaleSelect } from './locale-switcher.js';

// Where a finger taps (`touch:`, styles.css) each entry is 44 px tall.
const navLink =
  'inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 touch:min-h-11';
const activeNav = { className: 'text-blue-700 bg-blue-50' };

const LogoutButton = lazy(() => import('./logout-button.js'));

/** docs/product.md §2.3 header: entries per role; on small screens the menu collapses behind a toggle. */
export function Header() {
  const auth = useAuth();
  // The pre-rendered pages show the signed-out entries; a signed-in visitor's come after hydration.
  const hydrated = useHydrated();
  const { user, isLoading } = hydrated ? auth : { user: null, isLoading: false };
  const { agencyName } = useAgency();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // The menu closes after a choice (any navigation) and on Escape.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  // Until its code arrives the same button stands there, disabled, so nothing moves.
  const logoutButton = (
    <Suspense
      fallback={
        <button type="button" className={cn(navLink, 'text-start')} disabled>
          {t('Logout')}
        </button>
      }
    >
      <LogoutButton className={cn(navLink, 'text-start')} />
    </Suspense>
  );

  let entries: ReactNode = null;
  if (!isLoading) {
    if (!user) {
      entries = (
        <>
          <Link to="/auth" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Login')}
          </Link>
          <Link to="/auth" search={{ tab: 'signup' }} className={buttonClasses('primary', 'sm')} onClick={close}>
            {t('Register')}
          </Link>
        </>
      );
    } else if (user.isAdmin) {
      entries = (
        <>
          <Link to="/admin" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Admin Dashboard')}
          </Link>
          <Link to="/profile" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Profile')}
          </Link>
          {logoutButton}
        </>
      );
    } else {
      entries = (
        <>
          <Link to="/dashboard" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Dashboard')}
          </Link>
          <Link to="/apply" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Apply Now')}
          </Link>
          <Link to="/profile" className={navLink} activeProps={activeNav} onClick={close}>
            {t('Profile')}
          </Link>
          {logoutButton}
        </>
      );
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
        {t('Skip to content')}
      </a>
      <div className={cn('flex h-16 items-center justify-between', pageWidth(pathname))}>
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500" onClick={close}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="text-lg font-bold text-slate-900">{agencyName}</span>
        </Link>
        <nav aria-label={t('Main')} className="hidden items-center gap-1 md:flex">
          {entries}
          <LocaleSelect className="ms-2" />
        </nav>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('Close menu') : t('Open menu')}
          onClick={() => setOpen((v) => !v)}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav id={menuId} aria-label={t('Mobile')} hidden={!open} className="flex flex-col gap-1 border-t border-slate-200 bg-white px-4 py-3 md:hidden">
        {entries}
        <LocaleSelect className="mt-2" />
      </nav>
    </header>
  );
}
