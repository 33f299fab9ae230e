import twilio from 'twilio';
import type { SmsSender, SmsToSend } from '../../../core/ports/sms-sender.js';
import { guard } from '../../shared/guard.js';
import { twilioUnavailable } from '../unavailable.js';

/** What SMS_URL says: the account, who the texts are from, and where Twilio's API is. */
export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 (or an alphanumeric sender id), or… */
  from: string | null;
  /** …a Messaging Service that picks the sender (MG…). */
  messagingServiceSid: string | null;
  /** Another origin than https://api.twilio.com (a Twilio-compatible server in tests): requests are sent there. */
  apiOrigin: string | null;
}

export const TWILIO_HOST = 'api.twilio.com';

/**
 * Reads `twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B447700900123` (or
 * `?messagingServiceSid=MG…`); another host (with `ssl=false` for plain HTTP) points the SDK at a
 * Twilio-compatible server. Throws an Error saying what is wrong.
 */
export function parseTwilioUrl(text: string): TwilioOptions {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`is not a valid URL: ${text}`);
  }
  if (url.protocol !== 'twilio:') throw new Error(`must start with twilio:// (got ${url.protocol}//)`);
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  if (!/^AC[0-9a-zA-Z]{8,}$/.test(accountSid) || !authToken) throw new Error('must carry ACCOUNT_SID:AUTH_TOKEN@ before the host (the account SID starts with AC)');
  const from = url.searchParams.get('from')?.trim() || null;
  const messagingServiceSid = url.searchParams.get('messagingServiceSid')?.trim() || null;
  if (!from === !messagingServiceSid) throw new Error('must name the sender: ?from=%2B44… (a Twilio number) or ?messagingServiceSid=MG…, one of them');
  if (from && !/^\+[1-9]\d{6,14}$/.test(from) && !/^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(from))
    throw new Error(`from must be a number in E.164 (write + as %2B) or a sender id of at most 11 letters and digits, with a letter (got ${from})`);
  if (messagingServiceSid && !/^MG[0-9a-zA-Z]{8,}$/.test(messagingServiceSid)) throw new Error(`messagingServiceSid must start with MG (got ${messagingServiceSid})`);
  const host = url.host;
  const apiOrigin = !host || url.hostname === TWILIO_HOST ? null : `${url.searchParams.get('ssl') === 'false' ? 'http' : 'https'}://${host}`;
  return { accountSid, authToken, from, messagingServiceSid, apiOrigin };
}

/** The SDK's own HTTP client, sending every request to `origin` instead of Twilio's hosts (tests). */
class OriginRequestClient extends twilio.RequestClient {
  constructor(
    private readonly origin: string,
    options: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(options);
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0]) {
    const target = new URL(opts.uri);
    const origin = new URL(this.origin);
    target.protocol = origin.protocol;
    target.host = origin.host;
    return super.request<TData>({ ...opts, uri: target.href } as Parameters<twilio.RequestClient['request']>[0] & { data?: TData });
  }
}

/** Each request's timeout: well below the deliver-text job's 30 s hold. */
const TIMEOUT_MS = 15_000;

/**
 * Texts through Twilio's Programmable Messaging, with the official SDK
 * (`client.messages.create({ to, body, from | messagingServiceSid })`). The SDK's errors are
 * translated at this boundary: a refusal of the number (21211 invalid, 21610 unsubscribed, other
 * 4xx) is Refused('sms'); throttling, 5xx and network failures are Unavailable('sms').
 */
export class TwilioSmsSender implements SmsSender {
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioOptions) {
    const requestOptions = { timeout: TIMEOUT_MS, autoRetry: false };
    this.client = twilio(options.accountSid, options.authToken, {
      timeout: TIMEOUT_MS,
      autoRetry: false,
      ...(options.apiOrigin ? { httpClient: new OriginRequestClient(options.apiOrigin, requestOptions) } : {}),
    });
    return guard(this, twilioUnavailable);
  }

  async send(text: SmsToSend): Promise<{ providerId: string }> {
    const sender = this.options.messagingServiceSid ? { messagingServiceSid: this.options.messagingServiceSid } : { from: this.options.from! };
    const message = await this.client.messages.create({ to: text.to, body: text.body, ...sender });
    return { providerId: message.sid };
  }
}
