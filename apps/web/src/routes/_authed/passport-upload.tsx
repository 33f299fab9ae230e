import { createFileRoute } from '@tanstack/react-router';
import { applicationsQuery } from '../../api/applications.js';
import { PassportUploadPage } from '../../features/passport/index.js';
import { parseIdSearch } from '../../lib/search.js';

export const Route = createFileRoute('/_authed/passport-upload')({
  staticData: { title: 'Passport Re-upload' },
  validateSearch: parseIdSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(applicationsQuery);
  },
  component: PassportUploadPage,
});
