import { describe, expect, it } from 'vitest';
import { auditActorInWords, auditEntryInWords, auditTargetInWords, ENGLISH_AUDIT_WORDS, type AuditWords } from '../../core/domain/audit-words.js';
import { formatPence } from '../../core/domain/money.js';
import type { MessageValues } from '../../core/i18n/index.js';

/** A language that marks each message it translates, so a test sees what went through the catalog and what did not. */
const marked: AuditWords = {
  t: (key: string, values?: MessageValues) => ENGLISH_AUDIT_WORDS.t(`«${key}»`, values),
  locale: 'de',
  isolate: (typed) => `<${typed}>`,
};

describe('audit entries in another language (docs/decisions/0037)', () => {
  it('translates the labels and words, formats money and numbers in the locale, and sets what someone typed apart, untranslated', () => {
    const words = auditEntryInWords({ action: 'refund.requested', detail: { after: { amount: 1000, reason: 'Kulanz {bitte}', length: 1200 } } }, marked);
    expect(words.title).toBe('«Asked for a refund»');
    expect(words.lines).toEqual([
      `««Amount»: ${formatPence(1000, 'de')}»`,
      '««Reason»: <Kulanz {bitte}>»', // the count in a plural is the translator's to format (ICU's #): here the English one's
      '««Length»: «1,200 characters»»',
    ]);
  });

  it('keeps a nested label’s capital in German and names the target and the actor', () => {
    expect(auditEntryInWords({ action: 'user.erased', detail: { after: { document: { fileName: 'pass.pdf', size: 2048, contentType: 'application/pdf' } } } }, marked).lines).toEqual([
      '««Document»: «<pass.pdf> (PDF, «2 KB»)»»',
    ]);
    expect(auditTargetInWords({ type: 'refund', id: '4' }, marked)).toBe('««Refund» <4>»');
    expect(auditActorInWords({ email: 'rita@agency.example' }, marked)).toBe('<rita@agency.example>');
    expect(auditActorInWords({ email: null }, marked)).toBe('«Operator (command line)»');
  });
});
