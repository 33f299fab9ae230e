import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '@core/schemas/password-reset.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { useFormProblems, type FieldIds } from '../../lib/form-errors.js';
import { ErrorSummary } from '../../components/error-summary.js';
import { useT } from '../../lib/i18n.js';
import { useRequestPasswordResetMutation } from './api.js';

const FORGOT_FIELDS: FieldIds<z.input<typeof passwordResetRequestSchema>> = [['email', 'forgot-email']];

/** "Forgot your password?": asks for the account's email; the server mails a reset link. */
export function ForgotPasswordPage() {
  const { t, tc } = useT();
  const form = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
    shouldFocusError: false,
  });
  const problems = useFormProblems(form, FORGOT_FIELDS);
  const request = useRequestPasswordResetMutation({
    onError: (error) => problems.refused(error, { fallback: t('Failed to send the reset link. Please try again.') }),
  });
  const { errors } = form.formState;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {t('Forgot Your Password?')}
          </CardTitle>
          <CardDescription>{t('Enter the email of your account and we will send you a link to choose a new password.')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {request.isSuccess ? (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
              {tc(request.data.message)}
            </p>
          ) : (
            <form
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                problems.sending();
                void form.handleSubmit((values) => request.mutate(values), problems.invalid)(event);
              }}
            >
              <ErrorSummary {...problems.summary} />
              <Field id="forgot-email" label={t('Email')} required requiredMark={false} error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...fieldAria('forgot-email', errors.email?.message)} {...form.register('email')} />
              </Field>
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? t('Sending...') : t('Send Reset Link')}
              </Button>
            </form>
          )}
          <Link to="/auth" className={buttonClasses('outline', 'md', 'w-full')}>
            {t('Back to Sign In')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
