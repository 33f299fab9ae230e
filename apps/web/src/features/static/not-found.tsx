import { Link } from '@tanstack/react-router';
import { homeFor, useAuth } from '../../api/user.js';
import { useT } from '../../lib/i18n.js';

/** A way on from the 404 page: a link a finger can take (44 px high). */
const WAY_ON = 'flex min-h-11 items-center font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900';

/**
 * docs/product.md §2.2: the page for an address the product does not have, in the product's own
 * words, inside the usual header and footer, with the ways on a traveller most likely wants.
 */
export function NotFoundPage() {
  const { user } = useAuth();
  const { t } = useT();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{t('Error 404')}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{t('Page not found')}</h1>
      <p className="mt-4 text-slate-700">{t('We could not find the page you asked for.')}</p>
      <p className="mt-2 text-slate-700">{t('If you typed the address, please check it is spelled correctly. If you followed a link from an email or another site, it may be out of date.')}</p>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('Where you can go from here')}</h2>
      <ul className="mt-2 space-y-1">
        {user ? (
          <li>
            <Link to={homeFor(user)} className={WAY_ON}>
              {user.isAdmin ? t('Go to the admin dashboard') : t('Go to your dashboard and your applications')}
            </Link>
          </li>
        ) : (
          <li>
            <Link to="/auth" className={WAY_ON}>
              {t('Sign in to see your applications')}
            </Link>
          </li>
        )}
        <li>
          <Link to="/" className={WAY_ON}>
            {t('Go to the home page')}
          </Link>
        </li>
        <li>
          <Link to="/track" className={WAY_ON}>
            {t('Track an application with its number')}
          </Link>
        </li>
        <li>
          <Link to="/contact" className={WAY_ON}>
            {t('Contact us')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
