import type { InferRequestType, InferResponseType } from 'hono/client';
import { byId, refreshApplication } from './applications.js';
import { api, apiPath, upload, type UploadProgress } from './client.js';
import { useApiMutation, type MutationConfig } from './mutation.js';

/*
 * The passport upload of the apply page and of the re-upload page. Apart from applications.ts, whose
 * queries the route loaders read, so that a page that only reads applications (the landing page's
 * entry included) does not carry the mutation code.
 */

const passportUploadRoute = api.applications[':id'].documents;
type PassportUploadForm = InferRequestType<typeof passportUploadRoute.$post>['form'];
type UploadedDocument = InferResponseType<typeof passportUploadRoute.$post, 201>;

export interface PassportUpload {
  applicationId: number;
  file: File;
  onProgress?: (step: UploadProgress) => void;
}

/**
 * POST /api/applications/{id}/documents (multipart `file`, type passport) with the 25 % progress
 * steps. The answer must carry the document's id (docs/product.md §5.6).
 */
export async function uploadPassport({ applicationId, file, onProgress }: PassportUpload): Promise<UploadedDocument> {
  const form: PassportUploadForm = { file, type: 'passport' };
  const document = await upload<UploadedDocument | undefined>(apiPath(passportUploadRoute.$path(byId(applicationId))), form, onProgress);
  if (!document || document.id === undefined || document.id === null) throw new Error('Invalid document response');
  return document;
}

/** A passport upload (on submission or re-upload); afterwards the applications and documents are refetched (docs/product.md §7.8). */
export function useUploadPassportMutation(config?: MutationConfig<UploadedDocument, PassportUpload>) {
  return useApiMutation(uploadPassport, (queryClient, _document, { applicationId }) => refreshApplication(queryClient, applicationId), config);
}
