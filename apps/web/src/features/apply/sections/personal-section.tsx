import { Input, NativeSelect } from '../../../components/ui/input.js';
import { Field } from '../../../components/ui/label.js';
import { ChoiceField, CountryOptions, Section } from '../form-parts.js';
import type { ApplicationFields } from '../use-application-form.js';
import { localisedPath } from '@core/domain/locale.js';
import { shownMessage } from '../../../lib/shown-message.js';
import { msg } from '@core/i18n/index.js';
import { useT } from '../../../lib/i18n.js';

const GENDERS = [
  { value: 'male', label: msg('Male') },
  { value: 'female', label: msg('Female') },
];
const MARITAL_STATUSES = [
  { value: 'single', label: msg('Single') },
  { value: 'married', label: msg('Married') },
  { value: 'divorced', label: msg('Divorced') },
  { value: 'widow', label: msg('Widowed') },
];

/** Names, birth, nationality (an unsupported one is refused at once, beside the list) and civil status. */
export function PersonalSection({ fields, today }: { fields: ApplicationFields; agencyEmail: string; today: string }) {
  const words = useT();
  const { t } = words;
  const { form, values, error, aria } = fields;
  const { register } = form;
  // Egypt's rules in force on the arrival date say the route (docs/product.md §5.5, §5.11).
  const nationalitySupported = !values.nationality || fields.nationalityProblem === null;
  const birthDiffers = values.countryOfBirth !== values.nationality;
  const unsupportedId = `${fields.id('nationality')}-error`;
  return (
    <Section title={t('Personal Information')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.id('givenName')} label={t('Given name(s)')} required error={error('givenName')}>
          <Input autoComplete="given-name" {...aria('givenName')} {...register('givenName')} />
        </Field>
        <Field id={fields.id('surname')} label={t('Surname')} required error={error('surname')}>
          <Input autoComplete="family-name" {...aria('surname')} {...register('surname')} />
        </Field>
        <Field id={fields.id('gender')} label={t('Gender')} required error={error('gender')}>
          <ChoiceField fields={fields} name="gender" options={GENDERS.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('Select gender')} />
        </Field>
        <Field id={fields.id('dateOfBirth')} label={t('Date of birth')} required error={error('dateOfBirth')}>
          <Input type="date" max={today} {...aria('dateOfBirth')} {...register('dateOfBirth')} />
        </Field>
        <Field id={fields.id('nationality')} label={t('Nationality')} required error={nationalitySupported ? error('nationality') : undefined}>
          <NativeSelect
            {...aria('nationality')}
            // An unsupported nationality is refused at once, beside the list (not in a toast): the panel is its message.
            {...(nationalitySupported ? {} : { 'aria-invalid': true, 'aria-describedby': unsupportedId })}
            {...register('nationality')}
          >
            <CountryOptions />
          </NativeSelect>
          {!nationalitySupported ? (
            <div id={unsupportedId} role="alert" className="rounded-lg border-2 border-red-500 bg-red-50 p-3 text-red-900" data-testid="nationality-not-supported">
              <h3 className="font-semibold">{t('Nationality Not Supported')}</h3>
              <p className="mt-1 text-sm">{fields.nationalityProblem ? shownMessage(words, fields.nationalityProblem) : null}</p>
              {/* A plain link: the router page is pre-rendered, and the form's code needs none of its own. */}
              <a href={localisedPath('/do-i-need-a-visa', words.intl)} className="inline-flex min-h-11 items-center text-sm font-medium text-red-900 underline underline-offset-2">
                {t('See every way into Egypt for you')}
              </a>
            </div>
          ) : null}
        </Field>
        <Field id={fields.id('countryOfBirth')} label={t('Country of birth')} required error={error('countryOfBirth')}>
          <NativeSelect {...aria('countryOfBirth')} {...register('countryOfBirth')}>
            <CountryOptions />
          </NativeSelect>
        </Field>
        {birthDiffers ? (
          <Field
            id={fields.id('originalNationality')}
            label={t('Original nationality')}
            required
            hint={t('Required because your country of birth differs from your nationality.')}
            error={error('originalNationality')}
          >
            <NativeSelect {...aria('originalNationality', true)} {...register('originalNationality')}>
              <option value="">{t('Select original nationality')}</option>
              <CountryOptions />
            </NativeSelect>
          </Field>
        ) : null}
        <Field id={fields.id('maritalStatus')} label={t('Marital status')} required error={error('maritalStatus')}>
          <ChoiceField fields={fields} name="maritalStatus" options={MARITAL_STATUSES.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('Select marital status')} />
        </Field>
        <Field id={fields.id('profession')} label={t('Profession')} required error={error('profession')}>
          <Input autoComplete="organization-title" {...aria('profession')} {...register('profession')} />
        </Field>
      </div>
    </Section>
  );
}
