import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/static/privacy-page.js';

export const Route = createFileRoute('/privacy')({
  staticData: { title: 'Privacy Policy' },
  component: PrivacyPage,
});
