import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/password-reset/forgot-password-page.js';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: 'Forgot Your Password?' },
  component: ForgotPasswordPage,
});
