import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/index.js';
import { LazyLandingRecord } from '../features/record/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/')({
  staticData: { title: msg('Apply for Your Egypt e-Visa Online') },
  component: Landing,
});

/** The landing page with the record feature's live figures (loaded after the page: the landing bundle's budget). */
function Landing() {
  return <LandingPage OurRecord={LazyLandingRecord} />;
}
