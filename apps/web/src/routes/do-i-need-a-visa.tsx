import { createFileRoute } from '@tanstack/react-router';
import { VisaRouterPage } from '../features/visa-router/index.js';
import { msg } from '@core/i18n/index.js';

export const Route = createFileRoute('/do-i-need-a-visa')({
  staticData: { title: msg('Do I need a visa for Egypt?') },
  component: VisaRouterPage,
});
