import { Input, NativeSelect, Textarea } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { CountryOptions, Section, YesNoQuestion } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';

/** Earlier visits to Egypt and deportations, each asked only when answered yes. */
export function TravelHistorySection({ fields, today }: { fields: ApplicationFields; today: string }) {
  const { form, values, error, aria } = fields;
  const { register } = form;
  return (
    <Section title="Travel History">
      <YesNoQuestion fields={fields} name="visitedEgyptBefore" label="I have visited Egypt before" />
      {values.visitedEgyptBefore ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.id('lastVisitDateFrom')} label="Last visit: from" required error={error('lastVisitDateFrom')}>
            <Input type="date" max={today} {...aria('lastVisitDateFrom')} {...register('lastVisitDateFrom')} />
          </Field>
          <Field id={fields.id('lastVisitDateTo')} label="Last visit: to" required error={error('lastVisitDateTo')}>
            <Input type="date" min={values.lastVisitDateFrom || undefined} {...aria('lastVisitDateTo')} {...register('lastVisitDateTo')} />
          </Field>
          <Field id={fields.id('lastVisitStayLocation')} label="Where did you stay?" required error={error('lastVisitStayLocation')} className="sm:col-span-2">
            <Input {...aria('lastVisitStayLocation')} {...register('lastVisitStayLocation')} />
          </Field>
        </div>
      ) : null}
      <YesNoQuestion fields={fields} name="hasBeenDeported" label="I have been deported from a country" />
      {values.hasBeenDeported ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.id('deportedFrom')} label="Deported from" required error={error('deportedFrom')}>
            <NativeSelect {...aria('deportedFrom')} {...register('deportedFrom')}>
              <option value="">Select country</option>
              <CountryOptions />
            </NativeSelect>
          </Field>
          <Field id={fields.id('deportationDate')} label="Date of deportation" required error={error('deportationDate')}>
            <Input type="date" max={today} {...aria('deportationDate')} {...register('deportationDate')} />
          </Field>
          <Field id={fields.id('deportationReason')} label="Reason for deportation" required error={error('deportationReason')} className="sm:col-span-2">
            <Textarea {...aria('deportationReason')} {...register('deportationReason')} />
          </Field>
        </div>
      ) : null}
    </Section>
  );
}
