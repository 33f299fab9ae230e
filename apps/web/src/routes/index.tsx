import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/landing-page.js';

export const Route = createFileRoute('/')({
  staticData: { title: 'Apply for Your Egypt e-Visa Online' },
  component: LandingPage,
});
