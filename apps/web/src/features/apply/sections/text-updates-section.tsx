import { Link } from '@tanstack/react-router';
import { useUserQuery } from '../../../api/user.js';
import type { ApplicationFields } from '../use-application-form.js';
import { FormCheckbox } from './form-checkbox.js';

/**
 * "Text me when my application's status changes" (docs/product.md §16.4): texts go to the
 * account's phone number, shown here with a link to change it on the profile. A number that cannot
 * receive texts is refused by the server, whose message shows under the box.
 */
export function TextUpdatesSection({ fields }: { fields: ApplicationFields }) {
  const phone = useUserQuery().data?.phoneNumber;
  return (
    <FormCheckbox
      fields={fields}
      name="smsUpdates"
      label={<>Text me when my application&apos;s status changes</>}
      hint={
        <>
          {phone ? <>We text {phone}, your account&apos;s phone number. </> : <>We text your account&apos;s phone number. </>}
          <Link to="/profile" className="text-blue-700 underline">
            Change it on your profile
          </Link>
          .
        </>
      }
    />
  );
}
