import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { newPasswordFormSchema } from '@core/schemas/profile.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { toast } from '../../lib/toast-store.js';
import { useT } from '../../lib/i18n.js';
import { useResetPasswordMutation } from './api.js';

type NewPasswordValues = z.input<typeof newPasswordFormSchema>;

const NEW_PASSWORD_FIELDS: FieldIds<NewPasswordValues> = [
  ['newPassword', 'reset-newPassword'],
  ['confirmPassword', 'reset-confirmPassword'],
];

function RequestNewLink() {
  const { t } = useT();
  return (
    <Link to="/forgot-password" className={buttonClasses('outline', 'md', 'w-full')}>
      {t('Request a new link')}
    </Link>
  );
}

/** /reset-password?token=…: the page a reset mail links to. A new password, then sign in. */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  const { t } = useT();
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('Choose a New Password')}
          </CardTitle>
          <CardDescription>{t('Your new password must be at least 6 characters long.')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {token ? (
            <NewPasswordForm token={token} />
          ) : (
            <>
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
                {t('This link is incomplete. Please open the link from the email again, or request a new one.')}
              </p>
              <RequestNewLink />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t, tc } = useT();
  const form = useForm<NewPasswordValues, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, NEW_PASSWORD_FIELDS);
  const reset = useResetPasswordMutation({
    onSuccess: (data) => {
      toast({ title: t('Password reset successfully!'), description: tc(data.message) });
    },
    // A refused token is said in the summary alone (it is no field of the form); a refused password beside its field.
    onError: (error) => problems.refused(error, { fallback: t('Failed to reset the password. Please try again.') }),
  });
  const { errors } = form.formState;

  if (reset.isSuccess) {
    return (
      <>
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
          {tc(reset.data.message)}
        </p>
        <Link to="/auth" className={buttonClasses('primary', 'md', 'w-full')}>
          {t('Sign In')}
        </Link>
      </>
    );
  }
  return (
    <>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          problems.sending();
          // The confirmation is checked here and never sent.
          void form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }), problems.invalid)(event);
        }}
      >
        <ErrorSummary {...problems.summary} />
        <Field id="reset-newPassword" label={t('New password')} required requiredMark={false} error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" {...fieldAria('reset-newPassword', errors.newPassword?.message)} {...form.register('newPassword')} />
        </Field>
        <Field id="reset-confirmPassword" label={t('Confirm new password')} required requiredMark={false} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...fieldAria('reset-confirmPassword', errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? t('Resetting...') : t('Reset Password')}
        </Button>
      </form>
      {problems.formError ? <RequestNewLink /> : null}
    </>
  );
}
