import type { EgyptRule, RuleCheckedApplication, RuleNotice } from '../domain/egypt-rules.js';
import type { LocalDate } from '../domain/working-days.js';
import type { OutboxMailInput } from './mail-outbox.js';
import type { NewAuditEntry } from '../domain/audit.js';

/** Egypt's rules as dated data (docs/product.md §5.11, decision 0031), and the open applications they apply to. */
export interface EgyptRuleRepository {
  /** Every entry, by kind, subject and effectiveFrom (oldest first). */
  list(): Promise<EgyptRule[]>;
  /**
   * Stores `rule` (replacing the entry of the same kind, subject and effectiveFrom) and, in the same
   * transaction, removes the entries of its kind and subject dated `remove` (a scheduled change the
   * new entry replaces). Answers the entries it replaced or removed. `audit` gives the staff action's
   * rows from those entries, appended in the same transaction (decision 0010).
   */
  save(rule: EgyptRule, remove: readonly LocalDate[], audit?: (replaced: EgyptRule[]) => NewAuditEntry[]): Promise<EgyptRule[]>;
  /** The open applications (not decided, not cancelled) arriving on or after `arrivingFrom`, oldest first. */
  listOpen(arrivingFrom: LocalDate): Promise<RuleCheckedApplication[]>;
  /**
   * Marks each application with its notice, unless that notice's change marked it already, and
   * when it marked any queues `mail` (one per applicant) in the same transaction: a change mails an
   * applicant once however often it is run. Answers the ids it marked.
   */
  noticeAffected(notices: readonly { applicationId: number; notice: RuleNotice }[], mail: OutboxMailInput, now: Date): Promise<number[]>;
}
