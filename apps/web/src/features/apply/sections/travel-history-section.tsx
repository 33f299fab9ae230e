import { Input, NativeSelect, Textarea } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { CountryOptions, Section, YesNoQuestion } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';
import { useT } from '../../../lib/i18n.js';

/** Earlier visits to Egypt and deportations, each asked only when answered yes. */
export function TravelHistorySection({ fields, today }: { fields: ApplicationFields; today: string }) {
  const { t } = useT();
  const { form, values, error, aria } = fields;
  const { register } = form;
  return (
    <Section title={t('Travel History')}>
      <YesNoQuestion fields={fields} name="visitedEgyptBefore" label={t('I have visited Egypt before')} />
      {values.visitedEgyptBefore ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.id('lastVisitDateFrom')} label={t('Last visit: from')} required error={error('lastVisitDateFrom')}>
            <Input type="date" max={today} {...aria('lastVisitDateFrom')} {...register('lastVisitDateFrom')} />
          </Field>
          <Field id={fields.id('lastVisitDateTo')} label={t('Last visit: to')} required error={error('lastVisitDateTo')}>
            <Input type="date" min={values.lastVisitDateFrom || undefined} {...aria('lastVisitDateTo')} {...register('lastVisitDateTo')} />
          </Field>
          <Field id={fields.id('lastVisitStayLocation')} label={t('Where did you stay?')} required error={error('lastVisitStayLocation')} className="sm:col-span-2">
            <Input {...aria('lastVisitStayLocation')} {...register('lastVisitStayLocation')} />
          </Field>
        </div>
      ) : null}
      <YesNoQuestion fields={fields} name="hasBeenDeported" label={t('I have been deported from a country')} />
      {values.hasBeenDeported ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fields.id('deportedFrom')} label={t('Deported from')} required error={error('deportedFrom')}>
            <NativeSelect {...aria('deportedFrom')} {...register('deportedFrom')}>
              <option value="">{t('Select country')}</option>
              <CountryOptions />
            </NativeSelect>
          </Field>
          <Field id={fields.id('deportationDate')} label={t('Date of deportation')} required error={error('deportationDate')}>
            <Input type="date" max={today} {...aria('deportationDate')} {...register('deportationDate')} />
          </Field>
          <Field id={fields.id('deportationReason')} label={t('Reason for deportation')} required error={error('deportationReason')} className="sm:col-span-2">
            <Textarea {...aria('deportationReason')} {...register('deportationReason')} />
          </Field>
        </div>
      ) : null}
    </Section>
  );
}
