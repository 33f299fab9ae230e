import { auditActorInWords, auditEntryInWords, auditTargetInWords } from '@core/domain/audit-words.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import type { AuditEntryDto } from './api.js';
import { useAuditWords } from './audit-words.js';

/** What the entry is about: the application by its number, after the thing acted on when that is something else ('Refund 4 · Application EV-…'). */
function about(target: React.ReactNode, application: React.ReactNode | undefined, targetType: string | null): React.ReactNode {
  if (!application) return target;
  if (!target || targetType === 'application') return application;
  return (
    <>
      {target} · {application}
    </>
  );
}

/**
 * One audit entry in words (core/domain/audit-words.ts): what was done, a line for each change
 * ('Amount: £10.00', 'Status: Under process → Verified'), who, when and from where. `wide` lays it out
 * as a row of the whole log's screen (when and who beside what) from the large breakpoint.
 */
export function AuditEntryItem({ entry, wide = false, application }: { entry: AuditEntryDto; wide?: boolean; application?: React.ReactNode }) {
  const { t, intl } = useT();
  const { words: language, show } = useAuditWords();
  const words = auditEntryInWords(entry, language);
  const targetText = auditTargetInWords(entry.target, language);
  const target = targetText === null ? null : show(targetText);
  const when = formatDayAndTime(entry.at, intl);
  const who = show(auditActorInWords(entry.actor, language));
  const address = entry.clientAddress ? <bdi dir="ltr">{entry.clientAddress}</bdi> : null;
  return (
    // Wide: when | who | what from the large breakpoint; on a phone what comes first, then when and who.
    <li
      data-testid={`audit-${entry.seq}`}
      className={wide ? 'flex flex-col gap-1 py-3 text-sm text-slate-800 lg:grid lg:grid-cols-[minmax(0,14rem)_minmax(0,15rem)_minmax(0,1fr)] lg:gap-4' : 'text-sm text-slate-800'}
    >
      {wide ? (
        <>
          <p className="text-xs text-slate-600 lg:text-sm">
            <span className="font-medium text-slate-900">{when}</span>
            <span className="block text-xs text-slate-500">{t('No. {seq}', { seq: entry.seq.toLocaleString(intl) })}</span>
          </p>
          <p className="break-words text-xs text-slate-600 lg:text-sm">
            {who}
            {address ? (
              <span className="block text-xs text-slate-500">
                <Sentence text={t('from {address}', { address: slot('address') })} parts={{ address }} />
              </span>
            ) : null}
          </p>
        </>
      ) : null}
      <div className={wide ? 'order-first min-w-0 lg:order-none' : 'min-w-0'}>
        <p className="font-medium text-slate-900">
          {words.title}
          {wide && (target || application) ? <span className="font-normal text-slate-600"> · {about(target, application, entry.target.type)}</span> : null}
        </p>
        {words.lines.length > 0 ? (
          <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
            {words.lines.map((line, i) => (
              <li key={i} className="break-words">
                {show(line)}
              </li>
            ))}
          </ul>
        ) : null}
        {wide ? null : (
          <p className="mt-0.5 text-xs text-slate-500">
            {address ? (
              <Sentence text={t('{who}, {when} from {address}', { who: slot('who'), when, address: slot('address') })} parts={{ who, address }} />
            ) : (
              <Sentence text={t('{who}, {when}', { who: slot('who'), when })} parts={{ who }} />
            )}
          </p>
        )}
      </div>
    </li>
  );
}
