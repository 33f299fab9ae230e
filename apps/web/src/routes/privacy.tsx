import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/static/index.js';

export const Route = createFileRoute('/privacy')({
  staticData: { title: 'Privacy Policy' },
  component: PrivacyPage,
});
