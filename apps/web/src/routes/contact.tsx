import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/contact')({
  staticData: { title: msg('Contact Us') },
  component: ContactPage,
});
