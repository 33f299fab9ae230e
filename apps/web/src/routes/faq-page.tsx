import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/static/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/faq-page')({
  staticData: { title: msg('Frequently Asked Questions') },
  component: FaqPage,
});
