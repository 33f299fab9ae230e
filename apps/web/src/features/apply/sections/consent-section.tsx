import type { ApplicationFields } from '../use-application-form.js';
import { FormCheckbox } from './form-checkbox.js';
import { useT } from '../../../lib/i18n.js';
import { localisedPath } from '@core/domain/locale.js';
import { Sentence, slot } from '../../../lib/sentence.js';

/** The privacy policy and terms, which open in a new tab so the form keeps its answers. */
export function ConsentSection({ fields }: { fields: ApplicationFields }) {
  const { t, intl } = useT();
  const newTab = <span className="sr-only"> {t('(opens in a new tab)')}</span>;
  return (
    <FormCheckbox
      fields={fields}
      name="privacyPolicyAccepted"
      required
      label={
        <>
          <Sentence
            text={t('I have read and accept the {privacy} and the {terms}.', { privacy: slot('privacy'), terms: slot('terms') })}
            parts={{
              privacy: (
                <a href={localisedPath('/privacy', intl)} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                  {t('privacy policy')}
                  {newTab}
                </a>
              ),
              terms: (
                <a href={localisedPath('/terms', intl)} target="_blank" rel="noopener noreferrer" className="text-blue-700 underline">
                  {t('terms of service')}
                  {newTab}
                </a>
              ),
            }}
          />
        </>
      }
    />
  );
}
