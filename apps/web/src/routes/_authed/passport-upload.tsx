import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { applicationsQuery } from '../../api/applications.js';
import { PassportUploadPage } from '../../features/passport/index.js';
import { parseIdSearch } from '../../lib/search.js';

export const Route = createFileRoute('/_authed/passport-upload')({
  staticData: { title: msg('Passport Re-upload') },
  validateSearch: parseIdSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(applicationsQuery);
  },
  component: PassportUploadPage,
});
