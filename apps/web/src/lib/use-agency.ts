import { useConfigQuery } from '../api/config.js';
import { DEFAULT_AGENCY_EMAIL } from './agency-info.js';
import { useHydrated } from './use-hydrated.js';

/** The name shown until the configuration has loaded (and in the pre-rendered pages). */
export const DEFAULT_AGENCY_NAME = 'Egypt e-Visa Agency';

/**
 * The agency's name and contact email from the configuration (configQuery; falls back while
 * loading). While React takes over a pre-rendered page it answers the defaults the pre-renderer
 * drew, even when the configuration has already arrived: hydration must see the same text (React
 * error #418 otherwise, and the page is drawn again). The configured values follow at once.
 */
export function useAgency(): { agencyEmail: string; agencyName: string } {
  const { data } = useConfigQuery();
  const config = useHydrated() ? data : undefined;
  return { agencyEmail: config?.agencyEmail ?? DEFAULT_AGENCY_EMAIL, agencyName: config?.agencyName ?? DEFAULT_AGENCY_NAME };
}
