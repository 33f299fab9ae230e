import { Link } from '@tanstack/react-router';
import { useUserQuery } from '../../../api/user.js';
import type { ApplicationFields } from '../use-application-form.js';
import { FormCheckbox } from './form-checkbox.js';
import { Sentence, slot } from '../../../lib/sentence.js';
import { useT } from '../../../lib/i18n.js';
import { isolate } from '../../../lib/bidi.js';

/**
 * "Text me when my application's status changes" (docs/product.md §16.4): texts go to the
 * account's phone number, shown here with a link to change it on the profile. A number that cannot
 * receive texts is refused by the server, whose message shows under the box.
 */
export function TextUpdatesSection({ fields }: { fields: ApplicationFields }) {
  const { t, dir } = useT();
  const phone = useUserQuery().data?.phoneNumber;
  return (
    <FormCheckbox
      fields={fields}
      name="smsUpdates"
      label={t("Text me when my application's status changes")}
      hint={
        <>
          <Sentence
            text={
              phone
                ? t("We text {phone}, your account's phone number. {link}.", { phone: slot('phone'), link: slot('link') })
                : t("We text your account's phone number. {link}.", { link: slot('link') })
            }
            parts={{
              phone: isolate(phone ?? '', dir),
              link: (
                <Link to="/profile" className="text-blue-700 underline">
                  {t('Change it on your profile')}
                </Link>
              ),
            }}
          />
        </>
      }
    />
  );
}
