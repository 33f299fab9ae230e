import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/index.js';

export const Route = createFileRoute('/contact')({
  staticData: { title: 'Contact Us' },
  component: ContactPage,
});
