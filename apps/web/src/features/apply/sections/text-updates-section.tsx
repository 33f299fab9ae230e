import { Link } from '@tanstack/react-router';
import { Controller } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox.js';
import { Label } from '../../../components/ui/label.js';
import { useUserQuery } from '../../auth/api.js';
import type { ApplicationFields } from '../use-application-form.js';

/**
 * "Text me when my application's status changes" (docs/product.md §16.4): texts go to the
 * account's phone number, shown here with a link to change it on the profile. A number that cannot
 * receive texts is refused by the server, whose message shows under the box.
 */
export function TextUpdatesSection({ fields }: { fields: ApplicationFields }) {
  const id = fields.id('smsUpdates');
  const error = fields.error('smsUpdates');
  const phone = useUserQuery().data?.phoneNumber;
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <Controller
          control={fields.form.control}
          name="smsUpdates"
          render={({ field }) => (
            <Checkbox
              id={id}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked === true);
                field.onBlur();
              }}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            />
          )}
        />
        <div className="space-y-1">
          <Label htmlFor={id} className="font-normal leading-snug">
            Text me when my application&apos;s status changes
          </Label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {phone ? <>We text {phone}, your account&apos;s phone number. </> : <>We text your account&apos;s phone number. </>}
            <Link to="/profile" className="text-blue-700 underline">
              Change it on your profile
            </Link>
            .
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
