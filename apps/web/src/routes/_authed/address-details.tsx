import { createFileRoute } from '@tanstack/react-router';
import { applicationQuery } from '../../api/applications.js';
import { AddressDetailsPage } from '../../features/address/index.js';
import { parseIdSearch } from '../../lib/search.js';

export const Route = createFileRoute('/_authed/address-details')({
  staticData: { title: 'Address and Accommodation Details' },
  validateSearch: parseIdSearch,
  loaderDeps: ({ search }) => ({ applicationId: search.applicationId }),
  loader: ({ context, deps }) => {
    if (deps.applicationId) {
      // A missing application is shown by the page itself, not as a route error.
      return context.queryClient.ensureQueryData(applicationQuery(deps.applicationId)).catch(() => undefined);
    }
  },
  component: AddressDetailsPage,
});
