import type { ReactNode } from 'react';
import type { AuditWords } from '@core/domain/audit-words.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';

/**
 * The audit log's words in the page's language (core/domain/audit-words.ts with the `core` catalog),
 * and a way to show them: what someone typed (a reason, a file's name, an email) stands in a sentence
 * as a slot, shown as typed in its own <bdi> so an Arabic line reads right and nothing translates it.
 */
export function useAuditWords(): { words: AuditWords; show: (text: string) => ReactNode } {
  const { tc, intl } = useT();
  const typed: string[] = [];
  const words: AuditWords = {
    t: tc,
    locale: intl,
    isolate: (value) => {
      typed.push(value);
      return slot(String(typed.length - 1));
    },
  };
  const show = (text: string) => <Sentence text={text} parts={Object.fromEntries(typed.map((value, i) => [String(i), <bdi key={i}>{value}</bdi>]))} />;
  return { words, show };
}
