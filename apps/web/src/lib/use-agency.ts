import { useConfigQuery } from '../api/config.js';
import { DEFAULT_AGENCY_EMAIL } from './agency-info.js';

/** The name shown until the configuration has loaded (and in the pre-rendered pages). */
export const DEFAULT_AGENCY_NAME = 'Egypt e-Visa Agency';

/** The agency's name and contact email from the configuration (configQuery; falls back while loading). */
export function useAgency(): { agencyEmail: string; agencyName: string } {
  const { data } = useConfigQuery();
  return { agencyEmail: data?.agencyEmail ?? DEFAULT_AGENCY_EMAIL, agencyName: data?.agencyName ?? DEFAULT_AGENCY_NAME };
}
