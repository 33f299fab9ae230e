import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { refreshNothing, useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { pageLanguage } from '../../lib/i18n.js';

type ContactInput = InferRequestType<typeof api.contact.$post>['json'];
export type ContactAnswer = InferResponseType<typeof api.contact.$post, 201>;

/** POST /api/contact: the enquiry, which also creates an account for the visitor (or names the existing one). */
export function useSubmitContactMutation(config?: MutationConfig<ContactAnswer, ContactInput>) {
  return useApiMutation((json: ContactInput) => call(api.contact.$post({ json: { ...json, locale: json.locale ?? pageLanguage() } })), refreshNothing, config);
}
