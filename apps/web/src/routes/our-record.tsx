import { createFileRoute } from '@tanstack/react-router';
import { OurRecordPage } from '../features/record/index.js';

export const Route = createFileRoute('/our-record')({
  staticData: { title: 'Our on-time record' },
  component: OurRecordPage,
});
