import { DEFAULT_AGENCY_ADDRESS } from '@core/domain/agency.js';
import { msg } from '@core/i18n/index.js';

/**
 * The agency's published contact details. The email comes from the configuration (configQuery, AGENCY_EMAIL);
 * the telephone and postal address are the office's and are edited here.
 */
export const AGENCY_PHONE = '+44 20 7946 0321';
export const AGENCY_PHONE_HREF = 'tel:+442079460321';
export const AGENCY_ADDRESS = DEFAULT_AGENCY_ADDRESS;
/** Translated where shown. */
export const SUPPORT_HOURS = msg('Monday-Friday 9:00-18:00 GMT');
export const WEEKEND_SUPPORT = msg('Weekend support for urgent enquiries');
export const DEFAULT_AGENCY_EMAIL = 'support@egypt-evisa-agency.example';
