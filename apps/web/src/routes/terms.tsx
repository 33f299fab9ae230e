import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static/terms-page.js';

export const Route = createFileRoute('/terms')({
  staticData: { title: 'Terms of Service' },
  component: TermsPage,
});
