import { createFileRoute } from '@tanstack/react-router';
import { TrackPage } from '../features/track/index.js';

export const Route = createFileRoute('/track')({
  staticData: { title: 'Track your application' },
  component: TrackPage,
});
