import { createFileRoute } from '@tanstack/react-router';
import { OurRecordPage } from '../features/record/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/our-record')({
  staticData: { title: msg('Our on-time record') },
  component: OurRecordPage,
});
