import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { ProfilePage, type ProfileParts } from '../../features/profile/index.js';
import { SessionsSection, TwoFactorSection } from '../../features/two-factor/index.js';

export const Route = createFileRoute('/_authed/profile')({
  staticData: { title: msg('Profile') },
  validateSearch: (search: Record<string, unknown>): { changePassword?: boolean } => (search.changePassword === true || search.changePassword === 'true' ? { changePassword: true } : {}),
  component: Profile,
});

/** The two-factor feature's sections on the profile: composed here, features never import each other. */
const profileParts: ProfileParts = { TwoFactorSection, SessionsSection };

function Profile() {
  return <ProfilePage parts={profileParts} />;
}
