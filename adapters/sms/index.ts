import type { SmsSender } from '../../core/ports/sms-sender.js';
import { FileSmsSender } from './file/index.js';
import { parseTwilioUrl, TwilioSmsSender } from './twilio/index.js';

export { FileSmsSender } from './file/index.js';
export { MemorySmsSender, type SentText } from './memory/index.js';
export { TwilioSmsSender, parseTwilioUrl, type TwilioOptions } from './twilio/index.js';
export { LibPhoneNumbers } from './phone-numbers.js';

/** SMS_URL twilio://… selects Twilio; otherwise each text is a .txt file in `smsDir` (DATA_DIR/sms). */
export function openSmsSender(options: { smsUrl: string | null; smsDir: string }): SmsSender {
  if (options.smsUrl) return new TwilioSmsSender(parseTwilioUrl(options.smsUrl));
  return new FileSmsSender(options.smsDir);
}

/** The adapter openSmsSender picks, for /api/health and the agency's description. */
export function describeSmsSender(options: { smsUrl: string | null; smsDir: string }): string {
  if (!options.smsUrl) return `file (${options.smsDir})`;
  const { apiOrigin, from, messagingServiceSid } = parseTwilioUrl(options.smsUrl);
  return `twilio (${apiOrigin ?? 'api.twilio.com'}, from ${from ?? messagingServiceSid})`;
}
