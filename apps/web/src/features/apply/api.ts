import type { InferRequestType, InferResponseType } from 'hono/client';
import { INVALID_APPLICATION_ID_MESSAGE } from '@core/domain/document.js';
import { api, apiPath, call, upload } from '../../api/client.js';
import { keys } from '../../api/keys.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';

type NewApplication = InferRequestType<typeof api.applications.$post>['json'];
type CreatedApplication = InferResponseType<typeof api.applications.$post, 201>;

/** POST /api/applications: the form's fields. The answer must carry a whole-number id (docs/product.md §5.6). */
async function createApplication(json: NewApplication): Promise<CreatedApplication> {
  const created = await call(api.applications.$post({ json }));
  if (!created || typeof created.id !== 'number' || !Number.isInteger(created.id)) throw new Error(INVALID_APPLICATION_ID_MESSAGE);
  return created;
}

export function useCreateApplicationMutation(config?: MutationConfig<CreatedApplication, NewApplication>) {
  return useApiMutation(
    createApplication,
    (queryClient) => {
      // Submitting deleted the draft on the server: forget the copy this page restored from.
      queryClient.setQueryData(keys.applicationDraft, null);
      return queryClient.invalidateQueries({ queryKey: keys.applications });
    },
    config,
  );
}

const scanRoute = api['passport-scan'];
export type PassportScanDto = InferResponseType<typeof scanRoute.$post, 200>;

/** POST /api/passport-scan (multipart `file`): the fields the passport's MRZ fills, read on our server. */
export function scanPassport(file: File): Promise<PassportScanDto> {
  return upload<PassportScanDto>(apiPath(scanRoute.$path()), { file });
}

/** Nothing is stored by a scan, so nothing is refetched. */
export function useScanPassportMutation(config?: MutationConfig<PassportScanDto, File>) {
  return useApiMutation(scanPassport, refreshNothing, config);
}
