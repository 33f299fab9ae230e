import { msg } from '@core/i18n/index.js';
import { serverMessage } from '../../api/client.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { templateLabel, type MessageStatus } from '@core/domain/delivery-log.js';
import { Badge, type BadgeColour } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';

import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { useCan } from '../../lib/permissions.js';
import { toast } from '../../lib/toast-store.js';
import { useMessagesQuery, useResendMessageMutation } from './api.js';

const STATES: Record<MessageStatus, { label: string; tone: BadgeColour }> = {
  queued: { label: msg('Queued'), tone: 'grey' },
  sent: { label: msg('Sent'), tone: 'green' },
  failed: { label: msg('Failed'), tone: 'red' },
  bounced: { label: msg('Bounced'), tone: 'orange' },
  received: { label: msg('Received'), tone: 'blue' },
};

const CHANNELS: Record<string, string> = { email: msg('Email'), sms: msg('Text'), reply: msg('Reply') };

/** "Mail to x@y bounced on 3 December 2026, 10:00: 550 …" (docs/product.md §16.5); the address and the server's reason as they are. */
function BounceLine({ bounce }: { bounce: { address: string; at: string; reason?: string } }) {
  const { t, intl } = useT();
  const values = { address: slot('address'), at: formatDayAndTime(bounce.at, intl), reason: slot('reason') };
  const text = bounce.reason ? t('Mail to {address} bounced on {at}: {reason}', values) : t('Mail to {address} bounced on {at}', values);
  return <Sentence text={text} parts={{ address: <bdi dir="ltr">{bounce.address}</bdi>, reason: <bdi>{bounce.reason}</bdi> }} />;
}

/**
 * The admin row's Messages section (docs/product.md §16.5): every mail (and text) about the
 * application with its state, and a Resend button on each, for staff who may contact applicants;
 * the applicant's replies (§16.7) beside them, received.
 */
export function DeliveryLog({ applicationId, bounce }: { applicationId: number; bounce?: { address: string; at: string; reason: string } }) {
  const messages = useMessagesQuery(applicationId);
  const canResend = useCan('applicants.contact');
  const { t, tc, intl } = useT();
  const resend = useResendMessageMutation(applicationId, {
    onSuccess: (copy) => toast({ title: t('Message queued again'), description: t('A new copy goes to {address}.', { address: copy.to }) }),
    onError: (error) => toast({ title: t('Not sent again'), description: serverMessage(error) ?? t('Please try again.'), variant: 'destructive' }),
  });
  const list = messages.data ?? [];
  return (
    <section aria-label={t('Messages')} data-testid={`messages-${applicationId}`}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('Messages')}</h3>
      {bounce ? (
        <p data-testid="mail-bounce" className="mt-2 rounded-md bg-orange-50 p-2 text-sm text-orange-950">
          <BounceLine bounce={bounce} />
        </p>
      ) : null}
      {messages.isLoading ? (
        <Spinner className="mt-2" label={t('Loading the messages')} />
      ) : messages.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('The messages could not be loaded: {error}', { error: messages.error.message })}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('No messages yet.')}</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {list.map((message) => {
            const state = STATES[message.status];
            return (
              <li key={message.id} data-testid={`message-${message.id}`} className="rounded-md border border-slate-200 p-2 text-sm text-slate-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{t('{channel}: {template}', { channel: t(CHANNELS[message.channel] ?? message.channel), template: tc(templateLabel(message.template)) })}</p>
                  <Badge tone={state.tone}>{t(state.label)}</Badge>
                </div>
                {/* Only the address may break anywhere (a long email has no spaces); the time wraps between words. */}
                <p className="mt-1 text-xs text-slate-600">
                  <Sentence
                    text={
                      message.from
                        ? t('From {address} · {at}', { address: slot('address'), at: formatDayAndTime(message.at, intl) })
                        : t('To {address} · {at}', { address: slot('address'), at: formatDayAndTime(message.at, intl) })
                    }
                    parts={{
                      address: (
                        <bdi dir="ltr" className="break-all">
                          {message.from ?? message.to}
                        </bdi>
                      ),
                    }}
                  />
                </p>
                {message.error ? (
                  <p className="mt-1 break-words text-xs text-red-800">
                    <bdi>{message.error}</bdi>
                  </p>
                ) : null}
                {canResend && message.status !== 'received' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    disabled={resend.isPending}
                    aria-label={t('Resend {template} to {address}', { template: tc(templateLabel(message.template)), address: message.to })}
                    onClick={() => resend.mutate(message.id)}
                  >
                    {t('Resend')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
