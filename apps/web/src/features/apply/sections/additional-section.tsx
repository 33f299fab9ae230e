import { NativeSelect } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { ChoiceField, CountryOptions, Section, YesNoQuestion } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';

const ENTRIES = [
  { value: 'Single', label: 'Single entry' },
  { value: 'Multiple', label: 'Multiple entry' },
];
const PURPOSES = [{ value: 'tourism', label: 'Tourism' }];

/** The purpose of the visit, the entry and other nationalities. */
export function AdditionalSection({ fields }: { fields: ApplicationFields }) {
  const { form, values, error, aria } = fields;
  return (
    <Section title="Additional Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.id('purposeOfVisit')} label="Purpose of visit" required error={error('purposeOfVisit')}>
          <ChoiceField fields={fields} name="purposeOfVisit" options={PURPOSES} />
        </Field>
        <Field id={fields.id('entry')} label="Entry" required error={error('entry')}>
          <ChoiceField fields={fields} name="entry" options={ENTRIES} />
        </Field>
      </div>
      <YesNoQuestion fields={fields} name="otherNationalities" label="I hold other nationalities" />
      {values.otherNationalities ? (
        <Field id={fields.id('otherNationality')} label="Other nationality" required error={error('otherNationality')}>
          <NativeSelect {...aria('otherNationality')} {...form.register('otherNationality')}>
            <option value="">Select other nationality</option>
            <CountryOptions />
          </NativeSelect>
        </Field>
      ) : null}
    </Section>
  );
}
