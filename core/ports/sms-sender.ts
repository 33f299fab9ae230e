/** One text message to hand to the SMS provider. */
export interface SmsToSend {
  /** The recipient in E.164 (+447400123456). */
  to: string;
  /** Plain text; the provider splits it into several SMS if it must. */
  body: string;
  /** The text outbox's id: a provider that supports it uses it to recognise a retried text. */
  id: number;
}

/**
 * Hands a text message to an SMS provider (Twilio), or writes it where a person can read it (a .txt
 * file per text in DATA_DIR/sms, memory in tests). Failures are the domain's, translated at the
 * adapter: Unavailable('sms') when it may work later (an outage, a timeout, throttling: the job
 * retries it), TextRefused when it never will (an invalid or unsubscribed number: the text fails).
 */
export interface SmsSender {
  /** Answers the provider's id of the message (the file's name for the file adapter). */
  send(text: SmsToSend): Promise<{ providerId: string }>;
}
