import { DomainError, errors } from '../../core/domain/errors.js';
import type { Translate } from '../shared/guard.js';

// SMS failures as the domain's: Unavailable('sms') when a later attempt may work (the job retries
// it), Refused('sms') when none will (the text is failed for good, with why).

/** Twilio's error codes that no retry can change: the number, not the service, is the problem. */
const REFUSALS: Record<number, string> = {
  21211: "invalid 'To' phone number",
  21408: 'texts to this region are not enabled on the account',
  21610: 'the recipient has unsubscribed (replied STOP)',
  21612: 'the number cannot be reached from this sender',
  21614: "the 'To' number is not a mobile number",
  30003: 'the handset is unreachable',
  30005: 'unknown destination handset',
  30006: 'landline or unreachable carrier',
};

/**
 * A Twilio SDK failure (RestException, TwilioServiceException, an axios network error): 4xx answers
 * with a code are refusals — except 401/403 (the agency's credentials: fixed by an operator, then
 * retried) and 429 (throttled); 5xx, timeouts and connection failures are temporary.
 */
export const twilioUnavailable: Translate = (error) => {
  const e = error as { status?: number; code?: number | string; message?: string; moreInfo?: string };
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof e.code === 'number' ? e.code : null;
  const words = e.message ?? String(error);
  if (status !== null && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status)) {
    const reason = code !== null && REFUSALS[code] ? REFUSALS[code] : words;
    return errors.refused('sms', `Twilio refused the text${code !== null ? ` (${code})` : ''}: ${reason}`);
  }
  const detail = status !== null ? `HTTP ${status}${code !== null ? `, code ${code}` : ''}: ${words}` : words;
  return errors.unavailable('sms', `Twilio could not take the text (${detail})`);
};

/** The sms folder: any failure to write the file (a full or read-only disk). */
export function smsFolderUnavailable(dir: string): Translate {
  return (error) => (error instanceof DomainError ? error : errors.unavailable('sms', `Could not write the text to ${dir}: ${(error as Error).message}`));
}
