import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/static/index.js';

export const Route = createFileRoute('/faq-page')({
  staticData: { title: 'Frequently Asked Questions' },
  component: FaqPage,
});
