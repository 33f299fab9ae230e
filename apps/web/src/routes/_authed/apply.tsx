import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { configQuery } from '../../api/config.js';
import { ApplyPage } from '../../features/apply/index.js';

export const Route = createFileRoute('/_authed/apply')({
  staticData: { title: msg('Apply') },
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery).catch(() => undefined),
  component: ApplyPage,
});
