import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static/terms-page.js';

export const Route = createFileRoute('/terms')({
  component: TermsPage,
});
