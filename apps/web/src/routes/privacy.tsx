import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/static/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/privacy')({
  staticData: { title: msg('Privacy Policy') },
  component: PrivacyPage,
});
