import { createFileRoute } from '@tanstack/react-router';
import { configQuery } from '../../api/config.js';
import { ApplyPage } from '../../features/apply/index.js';

export const Route = createFileRoute('/_authed/apply')({
  staticData: { title: 'Apply' },
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery).catch(() => undefined),
  component: ApplyPage,
});
