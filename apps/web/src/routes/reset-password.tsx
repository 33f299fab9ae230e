import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/password-reset/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/reset-password')({
  staticData: { title: msg('Choose a New Password') },
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' && search.token.trim() !== '' ? { token: search.token.trim() } : {}),
  component: ResetPasswordPage,
});
