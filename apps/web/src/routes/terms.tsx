import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/terms')({
  staticData: { title: msg('Terms of Service') },
  component: TermsPage,
});
