import { useLayoutEffect, useRef, useState } from 'react';
import { OUTAGE_BANNER_MEANING, OUTAGE_BANNER_TITLE, VISA_ON_ARRIVAL_FALLBACK } from '@core/domain/portal-outage-text.js';
import { useT } from '../../lib/i18n.js';

/**
 * The outage banner (decision 0032), loaded only while the portal is down (lazy-outage-banner.tsx):
 * while staff have switched the official portal down, every public page and the applicant's
 * dashboard say so, with staff's message, what it means and the
 * visa on arrival. It appears after hydration, from GET /api/public/status, fixed to the bottom of
 * the window: nothing on the page moves when it comes (no layout shift), and nothing is reserved
 * while the portal is up. A spacer of its height after the footer keeps the page's end readable.
 */
export function OutageBanner({ message }: { message: string | null }) {
  const { t, tc } = useT();
  const banner = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return;
    const measure = () => setHeight(element.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={banner}
        aria-labelledby="outage-banner-title"
        data-testid="outage-banner"
        className="fixed inset-x-0 bottom-0 z-40 max-h-[45vh] overflow-y-auto border-t-4 border-amber-500 bg-amber-50 text-amber-950 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]"
      >
        <div className="mx-auto max-w-6xl px-4 py-3 text-sm">
          <h2 id="outage-banner-title" className="text-base font-semibold">
            {tc(OUTAGE_BANNER_TITLE)}
          </h2>
          {message ? <p className="mt-1 whitespace-pre-line">{message}</p> : null}
          <details className="mt-1">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium underline underline-offset-2">{t('What this means for you')}</summary>
            <p className="mt-1">{tc(OUTAGE_BANNER_MEANING)}</p>
            <p className="mt-2">{tc(VISA_ON_ARRIVAL_FALLBACK)}</p>
          </details>
        </div>
      </section>
    </>
  );
}
