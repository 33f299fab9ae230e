import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '../../../../../core/schemas/password-reset.js';
import { serverMessage } from '../../api/client.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Input } from '../../components/ui/input.js';
import { Field, fieldAria } from '../../components/ui/label.js';
import { showServerFieldErrors } from '../../lib/form-errors.js';
import { toast } from '../../lib/toast-store.js';
import { useRequestPasswordResetMutation } from './api.js';

/** "Forgot your password?": asks for the account's email; the server mails a reset link. */
export function ForgotPasswordPage() {
  const form = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordResetMutation({
    onError: (error) => {
      showServerFieldErrors(form, error);
      toast({ title: 'Request failed', description: serverMessage(error) ?? 'Failed to send the reset link. Please try again.', variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">Forgot Your Password?</CardTitle>
          <CardDescription>Enter the email of your account and we will send you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {request.isSuccess ? (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
              {request.data.message}
            </p>
          ) : (
            <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
              <Field id="forgot-email" label="Email" required requiredMark={false} error={errors.email?.message}>
                <Input
                  type="email"
                  autoComplete="email"
                  {...fieldAria('forgot-email', errors.email?.message)}
                  {...form.register('email')}
                />
              </Field>
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </form>
          )}
          <Link to="/auth" className={buttonClasses('outline', 'md', 'w-full')}>
            Back to Sign In
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
