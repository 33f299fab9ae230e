import { useId, useState } from 'react';
import type { ApplicationDto } from '../../api/applications.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { Button } from '../../components/ui/button.js';
import { useRepliesQuery } from './api.js';
import { ReplyForm } from './reply-form.js';
import { useT } from '../../lib/i18n.js';

/**
 * On the dashboard card, under the information request (docs/product.md §3.4, §16.7): the form to
 * answer it, or — once answered — when the applicant replied and what they sent, with 'Send another
 * reply'. Shown only while staff wait on the applicant.
 */
export function ReplyToRequest({ application }: { application: ApplicationDto }) {
  const { t, intl } = useT();
  const waiting = application.status.toLowerCase() === 'additional_info_required';
  const repliedAt = application.repliedAt;
  const replies = useRepliesQuery(application.id, { enabled: waiting && Boolean(repliedAt) });
  const [writing, setWriting] = useState(false);
  const headingId = useId();
  if (!waiting) return null;

  if (repliedAt && !writing) {
    const latest = replies.data?.[0];
    return (
      <section aria-labelledby={headingId} className="mt-3 border-t border-orange-200 pt-3" data-testid="reply-sent">
        <h4 id={headingId} className="font-semibold text-green-800">
          {t('You replied on {when}', { when: formatDayAndTime(repliedAt, intl) })}
        </h4>
        {latest?.text ? <p className="mt-1 whitespace-pre-line break-words rounded-md bg-white/70 p-2 text-slate-800">{latest.text}</p> : null}
        {latest && latest.documents.length > 0 ? (
          <ul aria-label={t('Documents you sent')} className="mt-1 space-y-1">
            {latest.documents.map((d) => (
              <li key={d.id} className="break-words">
                <a href={d.fileUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center text-blue-700 underline sm:min-h-0">
                  <bdi>{d.fileName}</bdi>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2">
          {application.requiresPassportReupload
            ? t('We still need the new passport copy we asked for: use Re-upload Passport above.')
            : t('Our team will look at your reply. We will email you if we need anything else.')}
        </p>
        <Button variant="outline" size="sm" className="mt-2 h-11 w-full sm:h-9 sm:w-auto" onClick={() => setWriting(true)}>
          {t('Send another reply')}
        </Button>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-3 border-t border-orange-200 pt-3">
      <h4 id={headingId} className="font-semibold">
        {t('Reply to our team')}
      </h4>
      {application.requiresPassportReupload ? <p className="mb-2 mt-1 text-xs">{t('To send the new passport copy, use Re-upload Passport above; write here anything else we asked for.')}</p> : null}
      <div className="mt-2">
        <ReplyForm applicationId={application.id} onSent={() => setWriting(false)} />
      </div>
    </section>
  );
}
