import { useId, useState, type FormEvent } from 'react';
import { PORTAL_MESSAGE_MAX } from '@core/domain/portal-outage.js';
import { formatDayAndTime } from '@core/domain/wording.js';
import { call, api, serverMessage } from '../../api/client.js';
import { useApiMutation } from '../../api/mutation.js';
import { Button } from '../../components/ui/button.js';
import { Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { pageWidth } from '../../components/layout/page-width.js';
import { useT } from '../../lib/i18n.js';
import { Sentence, slot } from '../../lib/sentence.js';
import { toast } from '../../lib/toast-store.js';
import { portalStatusKey } from '../../api/portal-status.js';
import { useQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';

const adminStatusRoute = api.admin['portal-status'];
type SwitchInput = InferRequestType<typeof adminStatusRoute.$post>['json'];
const adminStatusKey = ['/api/admin/portal-status'] as const;

/**
 * The Portal status page (decision 0032; admins only): whether Egypt's official portal is up, and
 * the switch with the message travellers read while it is down.
 */
export function PortalStatusPage() {
  const status = useQuery({ queryKey: adminStatusKey, queryFn: () => call(adminStatusRoute.$get()) });
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const messageId = useId();
  const { t, intl } = useT();
  const errorId = useId();
  const change = useApiMutation(
    (json: SwitchInput) => call(adminStatusRoute.$post({ json })),
    (queryClient) => Promise.all([queryClient.invalidateQueries({ queryKey: adminStatusKey }), queryClient.invalidateQueries({ queryKey: portalStatusKey })]),
    {
      onSuccess: (result) => {
        setError(null);
        toast({
          title: result.status.state === 'down' ? t('The portal is marked down') : t('The portal is marked up'),
          description:
            result.status.state === 'down'
              ? t('{paused} guarantee clock(s) paused; {mailed} applicant(s) due to arrive soon mailed.', { paused: result.paused, mailed: result.mailed })
              : t('{resumed} guarantee clock(s) running again.', { resumed: result.resumed }),
        });
      },
      onError: (e) => setError(serverMessage(e) ?? t('The status could not be changed. Please try again.')),
    },
  );

  const down = status.data?.state === 'down';
  const submit = (state: 'up' | 'down') => (event?: FormEvent) => {
    event?.preventDefault();
    change.mutate({ state, message: state === 'down' ? message : null });
  };

  return (
    <div className={`py-8 ${pageWidth('/admin/portal-status')}`}>
      <h1 className="text-3xl font-bold text-slate-900">{t('Official portal status')}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        {t(
          "When visa2egypt.gov.eg cannot take submissions, mark it down: every public page and the applicants' dashboards show your message with the visa-on-arrival fallback, the 5-working-day guarantee clocks of paid applications not yet submitted pause, and applicants arriving within the notice window are emailed once. Mark it up when it is back: the clocks run again.",
        )}
      </p>
      {status.isLoading ? (
        <Spinner className="mt-6" label={t('Loading the status')} />
      ) : status.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {t('The status could not be loaded: {error}', { error: status.error.message })}
        </p>
      ) : (
        <section aria-labelledby="portal-now" className="mt-6 max-w-3xl rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="portal-now" className="text-lg font-semibold text-slate-900">
            <Sentence
              text={t('Now: {state}', { state: slot('state') })}
              parts={{
                state: (
                  <span data-testid="portal-state" className={down ? 'text-amber-800' : 'text-green-800'}>
                    {down ? t('Down') : t('Up')}
                  </span>
                ),
              }}
            />
          </h2>
          {down ? (
            <p className="mt-1 text-sm text-slate-700">
              <Sentence
                text={t('Since {at}. Travellers read: “{message}”', { at: formatDayAndTime(status.data!.since, intl), message: slot('message') })}
                parts={{ message: <bdi>{status.data!.message}</bdi> }}
              />
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">{t('Applications are submitted as usual; no banner is shown.')}</p>
          )}
          <form className="mt-4 flex flex-col gap-3" onSubmit={submit('down')} noValidate>
            <div>
              <Label htmlFor={messageId}>{down ? t('Change the message travellers read') : t('Message for travellers (needed to mark it down)')}</Label>
              <Textarea
                id={messageId}
                className="mt-1"
                rows={3}
                maxLength={PORTAL_MESSAGE_MAX}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder={t('e.g. visa2egypt.gov.eg has not answered since 09:00 today. We will submit your application as soon as it is back.')}
              />
              {error ? (
                <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant={down ? 'outline' : 'destructive'} disabled={change.isPending}>
                {down ? t('Update the message') : t('Mark the portal down')}
              </Button>
              {down ? (
                <Button type="button" onClick={() => submit('up')()} disabled={change.isPending}>
                  {t('Mark the portal up')}
                </Button>
              ) : null}
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
