import { NativeSelect } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { ChoiceField, CountryOptions, Section, YesNoQuestion } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../../lib/i18n.js';

const ENTRIES = [
  { value: 'Single', label: msg('Single entry') },
  { value: 'Multiple', label: msg('Multiple entry') },
];
const PURPOSES = [{ value: 'tourism', label: msg('Tourism') }];

/** The purpose of the visit, the entry and other nationalities. */
export function AdditionalSection({ fields }: { fields: ApplicationFields }) {
  const { t } = useT();
  const { form, values, error, aria } = fields;
  return (
    <Section title={t('Additional Information')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.id('purposeOfVisit')} label={t('Purpose of visit')} required error={error('purposeOfVisit')}>
          <ChoiceField fields={fields} name="purposeOfVisit" options={PURPOSES.map((o) => ({ ...o, label: t(o.label) }))} />
        </Field>
        <Field id={fields.id('entry')} label={t('Entry')} required error={error('entry')}>
          <ChoiceField fields={fields} name="entry" options={ENTRIES.map((o) => ({ ...o, label: t(o.label) }))} />
        </Field>
      </div>
      <YesNoQuestion fields={fields} name="otherNationalities" label={t('I hold other nationalities')} />
      {values.otherNationalities ? (
        <Field id={fields.id('otherNationality')} label={t('Other nationality')} required error={error('otherNationality')}>
          <NativeSelect {...aria('otherNationality')} {...form.register('otherNationality')}>
            <option value="">{t('Select other nationality')}</option>
            <CountryOptions />
          </NativeSelect>
        </Field>
      ) : null}
    </Section>
  );
}
