import { serverMessage } from '../../api/client.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { templateLabel, type MessageStatus } from '@core/domain/delivery-log.js';
import { Badge, type BadgeColour } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';

import { useCan } from '../../lib/permissions.js';
import { toast } from '../../lib/toast-store.js';
import { useMessagesQuery, useResendMessageMutation } from './api.js';

const STATES: Record<MessageStatus, { label: string; tone: BadgeColour }> = {
  queued: { label: 'Queued', tone: 'grey' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  bounced: { label: 'Bounced', tone: 'orange' },
  received: { label: 'Received', tone: 'blue' },
};

const CHANNELS: Record<string, string> = { email: 'Email', sms: 'Text', reply: 'Reply' };

/** "Mail to x@y bounced on 3 December 2026, 10:00: 550 …" (docs/product.md §16.5). */
export function bounceLine(bounce: { address: string; at: string; reason?: string }): string {
  return `Mail to ${bounce.address} bounced on ${formatDayAndTime(bounce.at)}${bounce.reason ? `: ${bounce.reason}` : ''}`;
}

/**
 * The admin row's Messages section (docs/product.md §16.5): every mail (and text) about the
 * application with its state, and a Resend button on each, for staff who may contact applicants;
 * the applicant's replies (§16.7) beside them, received.
 */
export function DeliveryLog({ applicationId, bounce }: { applicationId: number; bounce?: { address: string; at: string; reason: string } }) {
  const messages = useMessagesQuery(applicationId);
  const canResend = useCan('applicants.contact');
  const resend = useResendMessageMutation(applicationId, {
    onSuccess: (copy) => toast({ title: 'Message queued again', description: `A new copy goes to ${copy.to}.` }),
    onError: (error) => toast({ title: 'Not sent again', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
  });
  const list = messages.data ?? [];
  return (
    <section aria-label="Messages" data-testid={`messages-${applicationId}`}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Messages</h3>
      {bounce ? (
        <p data-testid="mail-bounce" className="mt-2 rounded-md bg-orange-50 p-2 text-sm text-orange-950">
          {bounceLine(bounce)}
        </p>
      ) : null}
      {messages.isLoading ? (
        <Spinner className="mt-2" label="Loading the messages" />
      ) : messages.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The messages could not be loaded: {messages.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {list.map((message) => {
            const state = STATES[message.status];
            return (
              <li key={message.id} data-testid={`message-${message.id}`} className="rounded-md border border-slate-200 p-2 text-sm text-slate-800">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">
                    {CHANNELS[message.channel] ?? message.channel}: {templateLabel(message.template)}
                  </p>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </div>
                {/* Only the address may break anywhere (a long email has no spaces); the time wraps between words. */}
                <p className="mt-1 text-xs text-slate-600">
                  {message.from ? 'From' : 'To'} <span className="break-all">{message.from ?? message.to}</span> · {formatDayAndTime(message.at)}
                </p>
                {message.error ? <p className="mt-1 break-words text-xs text-red-800">{message.error}</p> : null}
                {canResend && message.status !== 'received' ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    disabled={resend.isPending}
                    aria-label={`Resend ${templateLabel(message.template)} to ${message.to}`}
                    onClick={() => resend.mutate(message.id)}
                  >
                    Resend
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
