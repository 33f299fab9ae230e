import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@core/i18n/index.js';
import { applicationQuery } from '../../api/applications.js';
import { AddressDetailsPage } from '../../features/address/index.js';
import { parseIdSearch } from '../../lib/search.js';

export const Route = createFileRoute('/_authed/address-details')({
  staticData: { title: msg('Address and Accommodation Details') },
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
