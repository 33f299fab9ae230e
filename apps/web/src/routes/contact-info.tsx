import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/index.js';

/** docs/product.md §2.12: /contact-info shows the same contact form as /contact. */
export const Route = createFileRoute('/contact-info')({
  staticData: { title: 'Contact Us' },
  component: ContactPage,
});
