import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/password-reset/index.js';

export const Route = createFileRoute('/forgot-password')({
  staticData: { title: 'Forgot Your Password?' },
  component: ForgotPasswordPage,
});
