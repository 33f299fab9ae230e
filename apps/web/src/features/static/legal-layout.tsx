import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.js';

/** `updated`: the month the text last changed ('2026-11'), named in the page's language. */
export function LegalPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  const { t, intl } = useT();
  const month = updated ? new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${updated}-15T12:00:00Z`)) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {month ? <p className="mt-2 text-sm text-slate-600">{t('Last updated: {month}', { month })}</p> : null}
      <div className="mt-8 space-y-8 leading-relaxed text-slate-700 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ms-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:space-y-1">
        {children}
      </div>
    </article>
  );
}
