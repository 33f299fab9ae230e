import { Input } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { Section } from '../form-parts.js';
import { raisedDeparture } from '../rules.js';
import type { ApplicationFields } from '../use-application-form.js';

/** The trip: arrival (at least 3 days away) and departure, which waits for the arrival and never falls before it. */
export function TravelSection({ fields, minArrival }: { fields: ApplicationFields; minArrival: string }) {
  const { form, values, error, aria } = fields;
  return (
    <Section title="Travel Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.id('expectedArrivalDate')} label="Expected arrival date" required hint="At least 3 days from today." error={error('expectedArrivalDate')}>
          <Input
            type="date"
            min={minArrival}
            {...aria('expectedArrivalDate', true)}
            {...form.register('expectedArrivalDate', {
              onChange: (e: { target: { value: string } }) => {
                const departure = form.getValues('expectedDepartureDate');
                const raised = raisedDeparture(e.target.value, departure);
                if (raised !== departure) form.setValue('expectedDepartureDate', raised, { shouldValidate: true });
              },
            })}
          />
        </Field>
        <Field
          id={fields.id('expectedDepartureDate')}
          label="Expected departure date"
          required
          hint={values.expectedArrivalDate ? undefined : 'Choose your arrival date first.'}
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
