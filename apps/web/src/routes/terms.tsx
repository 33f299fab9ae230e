import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static/index.js';

export const Route = createFileRoute('/terms')({
  staticData: { title: 'Terms of Service' },
  component: TermsPage,
});
