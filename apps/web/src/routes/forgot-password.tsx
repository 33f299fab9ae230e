import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/password-reset/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: msg('Forgot Your Password?') },
  component: ForgotPasswordPage,
});
