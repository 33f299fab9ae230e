import { errors } from '../../../core/domain/errors.js';
import type { SmsSender, SmsToSend } from '../../../core/ports/sms-sender.js';

export interface SentText extends SmsToSend {
  providerId: string;
}

/**
 * Keeps every text it accepted in `.sent` (a text sent twice shows up twice, so tests catch
 * duplicates). `failNext` makes the next sends fail, temporarily (an outage) or for good (a refusal).
 */
export class MemorySmsSender implements SmsSender {
  readonly sent: SentText[] = [];
  private failures: { remaining: number; message: string; refused: boolean } = { remaining: 0, message: '', refused: false };

  /** The next `n` sends throw: Unavailable('sms'), or Refused('sms') with `refused`. */
  failNext(n = 1, options: { refused?: boolean; message?: string } = {}): void {
    this.failures = {
      remaining: n,
      refused: options.refused ?? false,
      message: options.message ?? (options.refused ? 'The number cannot receive texts (simulated)' : 'SMS provider unavailable (simulated)'),
    };
  }

  async send(text: SmsToSend): Promise<{ providerId: string }> {
    if (this.failures.remaining > 0) {
      this.failures.remaining -= 1;
      throw this.failures.refused ? errors.refused('sms', this.failures.message) : errors.unavailable('sms', this.failures.message);
    }
    const providerId = `MEM${String(this.sent.length + 1).padStart(6, '0')}`;
    this.sent.push({ ...text, providerId });
    return { providerId };
  }

  /** Test helper: texts sent to a number. */
  sentTo(to: string): SentText[] {
    return this.sent.filter((t) => t.to === to);
  }
}
