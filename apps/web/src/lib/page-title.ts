import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAgency } from './use-agency.js';
import { useT } from './i18n.js';
import { msg } from '@core/i18n/index.js';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's own title; the document title reads "<title> — <agency name>". */
    title?: string;
  }
}

export const NOT_FOUND_TITLE = msg('Page Not Found');
export const ERROR_TITLE = msg('Something Went Wrong');

/** "Apply — Egypt e-Visa Agency". */
export function documentTitle(title: string | undefined, agencyName: string): string {
  return title ? `${title} — ${agencyName}` : agencyName;
}

/**
 * Keeps document.title on the current route's own title (each route declares it as
 * `staticData.title`, so a pre-renderer can read it without rendering) and the agency's name from
 * the agency's configuration (configQuery). A page that is not found or failed to load is titled as such.
 */
export function useDocumentTitle(): void {
  const { agencyName } = useAgency();
  const { t } = useT();
  const title = useRouterState({
    select: (state) => {
      if (state.matches.some((match) => match.status === 'notFound' || match._notFound)) return NOT_FOUND_TITLE;
      if (state.matches.some((match) => match.status === 'error')) return ERROR_TITLE;
      return state.matches.findLast((match) => match.staticData.title)?.staticData.title;
    },
  });
  useEffect(() => {
    document.title = documentTitle(title === undefined ? undefined : t(title), agencyName);
  }, [title, agencyName, t]);
}
