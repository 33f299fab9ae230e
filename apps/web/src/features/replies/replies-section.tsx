import type { AdminApplicationDto } from '../../api/admin.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { Badge } from '../../components/ui/badge.js';
import { Spinner } from '../../components/ui/spinner.js';

import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { useRepliesQuery } from './api.js';

/**
 * The side panel's 'Replies from the applicant' (docs/product.md §2.14, §16.7): the open information
 * request, whether the applicant answered it (REPLIED), and every reply with its documents, newest
 * first. Nothing on an application that was never asked and never replied.
 */
export function RepliesSection({ app }: { app: AdminApplicationDto }) {
  const replies = useRepliesQuery(app.id);
  const { t, intl } = useT();
  const list = replies.data ?? [];
  const waiting = app.status === 'additional_info_required';
  if (!waiting && !replies.isLoading && list.length === 0) return null;
  const replied = waiting && Boolean(app.repliedAt);
  return (
    <section aria-label={t('Replies from the applicant')} data-testid={`replies-${app.id}`}>
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t('Replies from the applicant')}
        {replied ? (
          <Badge tone="blue" title={t('The applicant replied to your request: read it and move the application on')}>
            {t('REPLIED')}
          </Badge>
        ) : null}
      </h3>
      {waiting ? (
        <div className="mt-2 rounded-md border border-orange-200 bg-orange-50 p-2 text-sm text-orange-950">
          <p className="text-xs font-semibold">{t('Our request')}</p>
          {app.additionalInfoMessage ? (
            <p className="whitespace-pre-line break-words">
              <bdi>{app.additionalInfoMessage}</bdi>
            </p>
          ) : null}
          {app.requiresPassportReupload ? <p>{t('A new passport copy is asked for.')}</p> : null}
          <p className="mt-1 text-xs">
            {replied
              ? t('Answered {at}: read the reply below, then move the application on or ask again.', { at: formatDayAndTime(app.repliedAt, intl) })
              : app.guarantee.paused
                ? t('Waiting for the applicant to answer: the guarantee clock is paused.')
                : t('Waiting for the applicant to answer.')}
          </p>
        </div>
      ) : null}
      {replies.isLoading ? (
        <Spinner className="mt-2" label={t('Loading the replies')} />
      ) : replies.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('The replies could not be loaded: {error}', { error: replies.error.message })}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('No replies yet.')}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {list.map((reply) => (
            <li key={reply.id} data-testid={`reply-${reply.id}`} className="rounded-md border border-slate-200 p-2 text-sm text-slate-800">
              <p className="text-xs text-slate-500">{t('Replied {at}', { at: formatDayAndTime(reply.createdAt, intl) })}</p>
              {reply.text ? (
                <p className="mt-1 whitespace-pre-line break-words">
                  <bdi>{reply.text}</bdi>
                </p>
              ) : (
                <p className="mt-1 italic text-slate-600">{t('Documents only, no message.')}</p>
              )}
              {reply.documents.length > 0 ? (
                <ul aria-label={t('Documents sent with this reply')} className="mt-1 space-y-1">
                  {reply.documents.map((d) => (
                    <li key={d.id} className="break-words">
                      <a href={d.fileUrl} download={d.fileName} className="inline-flex min-h-11 items-center text-blue-700 underline hover:text-blue-900 sm:min-h-0">
                        <Sentence text={t('Download {file}', { file: slot('file') })} parts={{ file: <bdi>{d.fileName}</bdi> }} />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
