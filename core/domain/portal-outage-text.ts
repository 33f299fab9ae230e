/**
 * What travellers read about an outage of the official portal (decision 0032), in one place for the
 * public banner, the dashboard and the mail. Marked for translation (msg), its only import: every
 * public page loads it.
 */
import { msg } from '../i18n/index.js';

/** The visa on arrival, the fallback for a trip that starts before the portal is back. */
export const VISA_ON_ARRIVAL_FALLBACK = msg(
  'If your trip starts before the portal is back, travellers of eligible nationalities (British citizens among them) can buy a tourist visa on arrival, US$25 when we last checked, at Cairo, Hurghada, Sharm el-Sheikh and other airports, before passport control.',
);

/** What the outage means for an applicant whose application is with us. */
export const OUTAGE_MEANING = msg(
  "We cannot submit applications to Egypt's official e-visa portal (visa2egypt.gov.eg) while it is down. Your application is safe with us and we will submit it as soon as the portal is back. Our 5-working-day guarantee is paused meanwhile, so the days it is down do not count against it.",
);

/** The banner's words on every public page and the dashboard: for visitors and applicants alike. */
export const OUTAGE_BANNER_MEANING = msg('Applications with us are safe: we submit them as soon as the portal is back, and our 5-working-day guarantee is paused while it is down.');

export const OUTAGE_BANNER_TITLE = msg("Egypt's official e-visa portal (visa2egypt.gov.eg) is down");
