import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/index.js';
import { msg } from '@core/i18n/index.js';

/** docs/product.md §2.12: /contact-info shows the same contact form as /contact. */
export const Route = createFileRoute('/contact-info')({
  staticData: { title: msg('Contact Us') },
  component: ContactPage,
});
