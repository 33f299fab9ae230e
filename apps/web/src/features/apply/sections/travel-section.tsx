import { answerMayComeAfterArrival } from '@core/domain/guarantee.js';
import { formatDay } from '@core/domain/wording.js';
import { Input } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { Section } from '../form-parts.js';
import { raisedDeparture } from '../rules.js';
import type { ApplicationFields } from '../use-application-form.js';
import { useT } from '../../../lib/i18n.js';

/**
 * The trip: arrival (at least 3 days away) and departure, which waits for the arrival and never falls
 * before it. An arrival on or before the guaranteed answer day gets a notice beside it (not an error).
 */
export function TravelSection({ fields, minArrival, now }: { fields: ApplicationFields; minArrival: string; now: Date }) {
  const { t, intl } = useT();
  const { form, values, error, aria } = fields;
  const arrivalId = fields.id('expectedArrivalDate');
  const noticeId = `${arrivalId}-notice`;
  const answerDay = error('expectedArrivalDate') ? null : answerMayComeAfterArrival(values.expectedArrivalDate, now);
  const arrivalAria = aria('expectedArrivalDate', true);
  return (
    <Section title={t('Travel Information')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Field id={arrivalId} label={t('Expected arrival date')} required hint={t('At least 3 days from today.')} error={error('expectedArrivalDate')}>
            <Input
              type="date"
              min={minArrival}
              {...arrivalAria}
              aria-describedby={[arrivalAria['aria-describedby'], answerDay ? noticeId : null].filter(Boolean).join(' ') || undefined}
              {...form.register('expectedArrivalDate', {
                onChange: (e: { target: { value: string } }) => {
                  const departure = form.getValues('expectedDepartureDate');
                  const raised = raisedDeparture(e.target.value, departure);
                  if (raised !== departure) form.setValue('expectedDepartureDate', raised, { shouldValidate: true });
                },
              })}
            />
          </Field>
          {/* Always in the page, so a screen reader hears the notice when it appears. */}
          <div role="status" aria-live="polite">
            {answerDay ? (
              <p id={noticeId} data-testid="arrival-notice" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {t(
                  'Please note: if you pay today, our guaranteed answer date is {day}, on or after your arrival, so our answer may come after your trip starts. You can still apply, or choose a later arrival date if your plans allow.',
                  { day: formatDay(answerDay, intl) },
                )}
              </p>
            ) : null}
          </div>
        </div>
        <Field
          id={fields.id('expectedDepartureDate')}
          label={t('Expected departure date')}
          required
          hint={values.expectedArrivalDate ? undefined : t('Choose your arrival date first.')}
          error={error('expectedDepartureDate')}
        >
          <Input
            type="date"
            min={values.expectedArrivalDate || minArrival}
            disabled={!values.expectedArrivalDate}
            {...aria('expectedDepartureDate', !values.expectedArrivalDate)}
            {...form.register('expectedDepartureDate')}
          />
        </Field>
      </div>
    </Section>
  );
}
