import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/profile-page.js';

export const Route = createFileRoute('/_authed/profile')({
  staticData: { title: 'Profile' },
  validateSearch: (search: Record<string, unknown>): { changePassword?: boolean } =>
    search.changePassword === true || search.changePassword === 'true' ? { changePassword: true } : {},
  component: ProfilePage,
});
