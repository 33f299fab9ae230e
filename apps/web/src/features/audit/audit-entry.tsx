import { auditActorInWords, auditEntryInWords, auditTargetInWords } from '@core/domain/audit-words.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import type { AuditEntryDto } from './api.js';

/** What the entry is about: the application by its number, after the thing acted on when that is something else ('Refund 4 · Application EV-…'). */
function about(target: string | null, application: React.ReactNode | undefined, targetType: string | null): React.ReactNode {
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
  const words = auditEntryInWords(entry);
  const target = auditTargetInWords(entry.target);
  const when = formatDayAndTime(entry.at);
  const who = auditActorInWords(entry.actor);
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
            <span className="block text-xs text-slate-500">No. {entry.seq.toLocaleString('en-GB')}</span>
          </p>
          <p className="break-words text-xs text-slate-600 lg:text-sm">
            {who}
            {entry.clientAddress ? <span className="block text-xs text-slate-500">from {entry.clientAddress}</span> : null}
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
                {line}
              </li>
            ))}
          </ul>
        ) : null}
        {wide ? null : (
          <p className="mt-0.5 text-xs text-slate-500">
            {who}, {when}
            {entry.clientAddress ? ` from ${entry.clientAddress}` : ''}
          </p>
        )}
      </div>
    </li>
  );
}
