import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { changePasswordFormSchema, profileSchema } from '@core/schemas/profile.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { PageSpinner } from '../../components/ui/spinner.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { toast } from '../../lib/toast-store.js';
import type { ComponentType } from 'react';
import type { CurrentUser } from '../../api/user.js';
import { useAuth } from '../../api/user.js';
import { MailBounceNotice } from './mail-bounce-notice.js';
import { useChangePasswordMutation, useUpdateProfileMutation } from './api.js';
import { useT } from '../../lib/i18n.js';

const PROFILE_FIELDS: FieldIds<z.input<typeof profileSchema>> = [['phoneNumber', 'profile-phoneNumber']];
const PASSWORD_FIELDS: FieldIds<z.input<typeof changePasswordFormSchema>> = [
  ['currentPassword', 'pw-current'],
  ['newPassword', 'pw-new'],
  ['confirmPassword', 'pw-confirm'],
];

/**
 * What other features show on the profile (the two-factor feature's sections), composed by the
 * /profile route: features never import each other (eslint.config.js).
 */
export interface ProfileParts {
  TwoFactorSection: ComponentType<{ user: CurrentUser }>;
  SessionsSection: ComponentType;
}

export function ProfilePage({ parts: { TwoFactorSection, SessionsSection } }: { parts: ProfileParts }) {
  const { t } = useT();
  const { user } = useAuth();
  const { changePassword } = useSearch({ from: '/_authed/profile' });
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(Boolean(changePassword));

  // ?changePassword=true opens the form, then is removed from the address.
  useEffect(() => {
    if (changePassword) {
      setPasswordOpen(true);
      void navigate({ to: '/profile', search: {}, replace: true });
    }
  }, [changePassword, navigate]);

  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('Your Profile')}</h1>
      <MailBounceNotice user={user} />
      {user.needsPasswordChange ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('Your account was created for you: please choose a new password.')}
        </p>
      ) : null}
      <ProfileDetails user={user} />
      <ChangePasswordSection open={passwordOpen} onOpenChange={setPasswordOpen} />
      <TwoFactorSection user={user} />
      <SessionsSection />
    </div>
  );
}

export function ProfileDetails({ user }: { user: CurrentUser }) {
  const { t } = useT();
  const form = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { phoneNumber: user.phoneNumber },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, PROFILE_FIELDS);
  const save = useUpdateProfileMutation({
    onSuccess: () => {
      toast({ title: t('Profile updated successfully!'), description: t('Your phone number has been updated.') });
    },
    onError: (error) => problems.refused(error, { fallback: t('Failed to update profile') }),
  });
  const error = form.formState.errors.phoneNumber?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Personal details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            problems.sending();
            void form.handleSubmit((values) => save.mutate(values), problems.invalid)(event);
          }}
        >
          <ErrorSummary {...problems.summary} />
          <Field id="profile-email" label={t('Email')} hint={t('Email cannot be changed')}>
            <Input type="email" dir="ltr" value={user.email} readOnly disabled {...fieldAria('profile-email', undefined, true)} />
          </Field>
          <Field id="profile-fullName" label={t('Full name')} hint={t('Name cannot be changed')}>
            <Input value={user.fullName} readOnly disabled {...fieldAria('profile-fullName', undefined, true)} />
          </Field>
          <Field id="profile-phoneNumber" label={t('Phone number')} required requiredMark={false} error={error}>
            <Input type="tel" dir="ltr" autoComplete="tel" {...fieldAria('profile-phoneNumber', error)} {...form.register('phoneNumber')} />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('Saving...') : t('Update Profile')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function ChangePasswordSection({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  const regionId = useId();
  const form = useForm<z.input<typeof changePasswordFormSchema>, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, PASSWORD_FIELDS);
  const change = useChangePasswordMutation({
    onSuccess: () => {
      toast({ title: t('Password changed successfully!'), description: t('Your password has been updated.') });
      form.reset();
      onOpenChange(false);
    },
    onError: (error) => problems.refused(error, { fallback: t('Failed to change password') }),
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <div>
          <CardTitle>{t('Password')}</CardTitle>
          <CardDescription>{t('Choose a new password of at least 6 characters.')}</CardDescription>
        </div>
        {!open ? (
          <Button variant="outline" aria-expanded={false} aria-controls={regionId} onClick={() => onOpenChange(true)}>
            {t('Change Password')}
          </Button>
        ) : null}
      </CardHeader>
      {open ? (
        <CardContent id={regionId}>
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              problems.sending();
              // The confirmation is checked here and never sent.
              void form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }), problems.invalid)(event);
            }}
          >
            <ErrorSummary {...problems.summary} />
            <Field id="pw-current" label={t('Current password')} required requiredMark={false} error={errors.currentPassword?.message}>
              <Input type="password" autoComplete="current-password" {...fieldAria('pw-current', errors.currentPassword?.message)} {...form.register('currentPassword')} />
            </Field>
            <Field id="pw-new" label={t('New password')} required requiredMark={false} error={errors.newPassword?.message}>
              <Input type="password" autoComplete="new-password" {...fieldAria('pw-new', errors.newPassword?.message)} {...form.register('newPassword')} />
            </Field>
            <Field id="pw-confirm" label={t('Confirm new password')} required requiredMark={false} error={errors.confirmPassword?.message}>
              <Input type="password" autoComplete="new-password" {...fieldAria('pw-confirm', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? t('Changing...') : t('Change Password')}
              </Button>
              <Button
                variant="outline"
                onClick={() => {
                  form.reset();
                  onOpenChange(false);
                }}
              >
                {t('Cancel')}
              </Button>
            </div>
          </form>
        </CardContent>
      ) : null}
    </Card>
  );
}
