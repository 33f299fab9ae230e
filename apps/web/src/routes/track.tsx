import { createFileRoute } from '@tanstack/react-router';
import { TrackPage } from '../features/track/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/track')({
  staticData: { title: msg('Track your application') },
  component: TrackPage,
});
