import { Link, useRouterState } from '@tanstack/react-router';
import { AGENCY_ADDRESS, AGENCY_PHONE, AGENCY_PHONE_HREF, SUPPORT_HOURS } from '../../lib/agency-info.js';
import { useAgency } from '../../lib/use-agency.js';
import { HonestPrice } from '../honest-price.js';
import { useT } from '../../lib/i18n.js';
import { isStaffPath, pageWidth } from './page-width.js';
import { LocaleLinks } from './locale-switcher.js';

// Where a finger taps (`touch:`, styles.css) each link is a 44 px tall row (the list drops its own spacing).
const footerLink =
  'text-sm text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-400 rounded touch:inline-flex touch:min-h-11 touch:min-w-11 touch:items-center';
const footerList = 'mt-3 space-y-2 touch:space-y-0';

export function Footer() {
  const { agencyEmail, agencyName } = useAgency();
  const { t } = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const width = pageWidth(pathname);
  // The staff pages are a workplace, not the shop window: no marketing, links or price notice.
  if (isStaffPath(pathname)) return <StaffFooter agencyName={agencyName} width={width} />;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className={`grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4 ${width}`}>
        <div>
          <p className="text-lg font-semibold text-white">{agencyName}</p>
          <p className="mt-2 text-sm text-slate-300">{t('Egypt tourist e-visa applications handled by a UK team, with an answer within 5 working days.')}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('Quick links')}</h2>
          <ul className={footerList}>
            <li>
              <Link to="/" className={footerLink}>
                {t('Home')}
              </Link>
            </li>
            <li>
              <Link to="/auth" search={{ tab: 'signup' }} className={footerLink}>
                {t('Apply for Visa')}
              </Link>
            </li>
            <li>
              <Link to="/do-i-need-a-visa" className={footerLink}>
                {t('Do I need a visa?')}
              </Link>
            </li>
            <li>
              <Link to="/track" className={footerLink}>
                {t('Track your application')}
              </Link>
            </li>
            <li>
              <Link to="/our-record" className={footerLink}>
                {t('Our on-time record')}
              </Link>
            </li>
            <li>
              <Link to="/faq-page" className={footerLink}>
                {t('FAQ')}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                {t('Contact Us')}
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('Legal')}</h2>
          <ul className={footerList}>
            <li>
              <Link to="/privacy" target="_blank" rel="noopener noreferrer" className={footerLink}>
                {t('Privacy Policy')}
                <span className="sr-only"> {t('(opens in a new tab)')}</span>
              </Link>
            </li>
            <li>
              <Link to="/terms" target="_blank" rel="noopener noreferrer" className={footerLink}>
                {t('Terms of Service')}
                <span className="sr-only"> {t('(opens in a new tab)')}</span>
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('Contact')}</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-300">
            <li>
              <a href={`mailto:${agencyEmail}`} className={footerLink} dir="ltr">
                {agencyEmail}
              </a>
            </li>
            <li>
              <a href={AGENCY_PHONE_HREF} className={footerLink} dir="ltr">
                {AGENCY_PHONE}
              </a>
            </li>
            <li>{t(SUPPORT_HOURS)}</li>
            <li>
              <bdi>{AGENCY_ADDRESS.slice(1).join(', ')}</bdi>
            </li>
          </ul>
        </div>
      </div>
      <div className={`pb-6 ${width}`}>
        <LocaleLinks linkClassName={footerLink} />
      </div>
      <div className="border-t border-slate-800">
        <p className={`py-6 text-xs leading-relaxed text-slate-400 ${width}`}>
          {t(
            'Disclaimer: {agencyName} is a private agency and not an official government website. We are not affiliated with the Government of Egypt. We help you prepare and submit your e-visa application and charge a fee for this service.',
            { agencyName },
          )}{' '}
          © {new Date().getFullYear()} {agencyName}.
        </p>
        <HonestPrice tone="dark" className={`pb-6 ${width}`} />
      </div>
    </footer>
  );
}

/** One quiet line under the staff pages (docs/product.md §2.3). */
function StaffFooter({ agencyName, width }: { agencyName: string; width: string }) {
  const { t } = useT();
  return (
    <footer className="mt-10 border-t border-slate-200 bg-white" data-testid="staff-footer">
      <p className={`py-4 text-xs text-slate-500 ${width}`}>
        <span>{agencyName}</span> · {t('staff pages · times are UK time')}
      </p>
    </footer>
  );
}
