import { describe, expect, it } from 'vitest';
import { MAIL_DATA, MAIL_TEMPLATES, readMailContent } from '../../core/domain/mail.js';
import type { OutboxMailInput } from '../../core/ports/mail-outbox.js';

// Each template has its own data type: a mail built with a misspelled, missing or mistyped key does
// not compile (`npm run typecheck` fails if an @ts-expect-error below stops being an error).

describe('mail data is typed per template', () => {
  it('compiles only the data of the mail’s own template', () => {
    const good: OutboxMailInput = { to: 'a@example.com', template: 'password_reset', data: { fullName: 'A', resetToken: 't' } };
    const misspelled: OutboxMailInput = {
      to: 'a@example.com',
      template: 'password_reset',
      // @ts-expect-error `resetTokn` is no key of password_reset's data
      data: { fullName: 'A', resetToken: 't', resetTokn: 't' },
    };
    // @ts-expect-error password_reset needs its resetToken
    const missing: OutboxMailInput = { to: 'a@example.com', template: 'password_reset', data: { fullName: 'A' } };
    const mistyped: OutboxMailInput = {
      to: 'a@example.com',
      template: 'payment_reminder',
      // @ts-expect-error applicationId is a number
      data: { applicationNumber: 'EV-1', applicationId: '12' },
    };
    const otherTemplates: OutboxMailInput = {
      to: 'a@example.com',
      template: 'evisa',
      // @ts-expect-error evisa's data has no resetToken
      data: { applicationNumber: 'EV-1', resetToken: 't' },
    };
    // At run time the same data is told apart by the template's schema.
    expect(readMailContent(good.template, good.data)).toEqual({ ok: true, content: { template: 'password_reset', data: { fullName: 'A', resetToken: 't' } } });
    expect(readMailContent(missing.template, missing.data).ok).toBe(false);
    expect(readMailContent(mistyped.template, mistyped.data).ok).toBe(false);
    // Unknown keys are dropped on reading (the compiler already refuses them where mails are built).
    expect(readMailContent(misspelled.template, misspelled.data)).toMatchObject({ ok: true, content: { data: { resetToken: 't' } } });
    expect(readMailContent(otherTemplates.template, otherTemplates.data)).toMatchObject({ ok: true, content: { data: { applicationNumber: 'EV-1' } } });
    // Every template has its data schema, and no schema is left without its template.
    expect(Object.keys(MAIL_DATA).sort()).toEqual([...MAIL_TEMPLATES].sort());
  });
});
