import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import type { SmsSender } from '../../core/ports/sms-sender.js';

/** What a phone would show: the number a text reached and its words. */
export interface SentView {
  to: string;
  body: string;
}

export interface SmsHarness {
  sender: SmsSender;
  /** Every text accepted so far, oldest first. */
  sent(): Promise<SentView[]>;
  /** Makes the next send fail for now (an outage), or for good (a refused number); null: the adapter cannot fail so. */
  failNext?: (kind: 'temporary' | 'refused') => void;
  close?: () => Promise<void>;
}

/** One suite for every SmsSender: file, memory, and Twilio (against the local Twilio-compatible server). */
export function describeSmsSenderContract(name: string, make: () => Promise<SmsHarness>): void {
  describe(`${name}: SmsSender`, () => {
    let h: SmsHarness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.close?.();
    });

    it('hands a text over and answers a provider id', async () => {
      const body = 'Egypt E-Visa Agency: Amelia, application EV-2611-000001 is now being processed. https://x.test/dashboard';
      const { providerId } = await h.sender.send({ to: '+447400123456', body, id: 1 });
      expect(providerId).toMatch(/\S/);
      expect(await h.sent()).toEqual([{ to: '+447400123456', body }]);
    });

    it('keeps texts apart, in order, with characters outside GSM-7', async () => {
      await h.sender.send({ to: '+447400123456', body: 'first £39', id: 2 });
      await h.sender.send({ to: '+33612345678', body: 'second — Zoë', id: 3 });
      expect(await h.sent()).toEqual([
        { to: '+447400123456', body: 'first £39' },
        { to: '+33612345678', body: 'second — Zoë' },
      ]);
    });

    it('tells a temporary failure (Unavailable) from a refusal (Refused)', async () => {
      if (!h.failNext) return; // the file adapter has no provider to refuse
      h.failNext('temporary');
      const temporary = await h.sender.send({ to: '+447400123456', body: 'x', id: 4 }).catch((e: unknown) => e);
      expect(isDomainError(temporary, 'Unavailable') && temporary.data.type === 'Unavailable' && temporary.data.service).toBe('sms');
      h.failNext('refused');
      const refused = await h.sender.send({ to: '+447400123456', body: 'y', id: 5 }).catch((e: unknown) => e);
      expect(isDomainError(refused, 'Refused')).toBe(true);
      expect(await h.sent()).toEqual([]);
      // It works again afterwards.
      await h.sender.send({ to: '+447400123456', body: 'z', id: 6 });
      expect(await h.sent()).toEqual([{ to: '+447400123456', body: 'z' }]);
    });
  });
}
