import { useConfigQuery } from '../api/config.js';
import { DEFAULT_AGENCY_EMAIL } from './agency-info.js';

/** The agency's name and contact email from the configuration (configQuery; falls back while loading). */
export function useAgency(): { agencyEmail: string; agencyName: string } {
  const { data } = useConfigQuery();
  return { agencyEmail: data?.agencyEmail ?? DEFAULT_AGENCY_EMAIL, agencyName: data?.agencyName ?? 'Egypt e-Visa Agency' };
}
