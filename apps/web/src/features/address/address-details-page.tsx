import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addressSchema } from '@core/schemas/address.js';
import { useApplicationQuery, type ApplicationDto } from '../../api/applications.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input, Textarea } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { formatDay, personName } from '@core/domain/wording.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { toast } from '../../lib/toast-store.js';
import { useCopyAddressToFamilyMutation, useSaveAddressMutation } from './api.js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { applicationsQuery } from '../../api/applications.js';
import { Checkbox } from '../../components/ui/checkbox.js';
import { Label } from '../../components/ui/label.js';
import { isolate } from '../../lib/bidi.js';
import { useT } from '../../lib/i18n.js';

type AddressValues = z.input<typeof addressSchema>;

const ADDRESS_FIELDS: FieldIds<AddressValues> = [
  ['address', 'addr-address'],
  ['city', 'addr-city'],
  ['postcode', 'addr-postcode'],
  ['hotelDetails', 'addr-hotelDetails'],
];

export function AddressDetailsPage() {
  const { t } = useT();
  const { applicationId } = useSearch({ from: '/_authed/address-details' });
  const application = useApplicationQuery(applicationId);

  if (applicationId && application.isLoading) return <PageSpinner />;
  if (!applicationId || application.isError || !application.data) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <Card className="text-center">
          <CardContent className="space-y-4 pt-8">
            <h1 className="text-lg font-medium text-slate-800">{t('Application not found or invalid link.')}</h1>
            <Link to="/dashboard" className={buttonClasses('primary', 'md')}>
              {t('Back to Dashboard')}
            </Link>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <AddressForm application={application.data} />;
}

export function AddressForm({ application }: { application: ApplicationDto }) {
  const { t, intl, dir } = useT();
  const navigate = useNavigate();
  const form = useForm<AddressValues, unknown, z.output<typeof addressSchema>>({
    resolver: zodResolver(addressSchema),
    defaultValues: {
      address: application.address ?? '',
      city: application.city ?? '',
      postcode: application.postcode ?? '',
      hotelDetails: application.hotelDetails ?? '',
    },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, ADDRESS_FIELDS);
  // A family application: the other travellers still without details get the same ones.
  const list = useQuery({ ...applicationsQuery, enabled: typeof application.groupId === 'number' });
  const family = (list.data ?? []).filter(
    (a) => typeof application.groupId === 'number' && a.groupId === application.groupId && a.id !== application.id && !a.address && a.status !== 'rejected' && a.status !== 'final_payment_received',
  );
  const [copyToFamily, setCopyToFamily] = useState(true);
  const copy = useCopyAddressToFamilyMutation();
  const save = useSaveAddressMutation(application.id, {
    onSuccess: async (_saved, details) => {
      if (copyToFamily && family.length > 0) {
        try {
          await copy.mutateAsync({ applicationIds: family.map((a) => a.id), details });
        } catch (error) {
          problems.refused(error, { fallback: t('Please try again.') });
          return;
        }
      }
      toast({ title: t('Application Complete'), description: t('Your application details have been submitted successfully.') });
      await navigate({ to: '/dashboard' });
    },
    onError: (error) => problems.refused(error, { fallback: t('Please try again.') }),
  });
  const { errors } = form.formState;

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {t('Address and Accommodation Details')}
          </CardTitle>
          <CardDescription>
            {t('Application {number} — {name}', { number: isolate(application.applicationNumber, dir), name: isolate(personName(`${application.givenName} ${application.surname}`), dir) })}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="grid grid-cols-2 gap-4 rounded-lg bg-slate-50 p-4 text-sm">
            <div>
              <p className="text-slate-600">{t('Arrival date')}</p>
              <p className="font-semibold text-slate-900">{formatDay(application.expectedArrivalDate, intl)}</p>
            </div>
            <div>
              <p className="text-slate-600">{t('Departure date')}</p>
              <p className="font-semibold text-slate-900">{formatDay(application.expectedDepartureDate, intl)}</p>
            </div>
          </div>
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              problems.sending();
              void form.handleSubmit((values) => save.mutate(values), problems.invalid)(event);
            }}
          >
            <ErrorSummary {...problems.summary} />
            <Field id="addr-address" label={t('Home address')} required error={errors.address?.message}>
              <Input autoComplete="street-address" {...fieldAria('addr-address', errors.address?.message)} {...form.register('address')} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="addr-city" label={t('City')} required error={errors.city?.message}>
                <Input autoComplete="address-level2" {...fieldAria('addr-city', errors.city?.message)} {...form.register('city')} />
              </Field>
              <Field id="addr-postcode" label={t('Postcode')} required error={errors.postcode?.message}>
                <Input autoComplete="postal-code" {...fieldAria('addr-postcode', errors.postcode?.message)} {...form.register('postcode')} />
              </Field>
            </div>
            <Field
              id="addr-hotelDetails"
              label={t('Hotel details in Egypt')}
              required
              hint={t("Hotel name, address and booking reference of your first night's stay.")}
              error={errors.hotelDetails?.message}
            >
              <Textarea {...fieldAria('addr-hotelDetails', errors.hotelDetails?.message, true)} {...form.register('hotelDetails')} />
            </Field>
            {family.length > 0 ? (
              <div className="flex items-center gap-2">
                <Checkbox id="addr-copy-family" checked={copyToFamily} onCheckedChange={(checked) => setCopyToFamily(checked === true)} />
                <Label htmlFor="addr-copy-family">
                  {t('Use the same address and hotel for the other {count, plural, one {traveller} other {# travellers}} of the family', { count: family.length })}
                </Label>
              </div>
            ) : null}
            <Button type="submit" className="w-full" disabled={save.isPending || copy.isPending}>
              {save.isPending ? t('Saving...') : t('Save and Complete Application')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
