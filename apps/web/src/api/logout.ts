import { api, send } from './client.js';
import { refreshNothing, useApiMutation, type MutationConfig } from './mutation.js';

/** POST /api/logout: no body is read; the user is cleared and nothing of theirs stays cached. */
export function useLogoutMutation(config?: MutationConfig<void, void>) {
  return useApiMutation(() => send(api.logout.$post()), refreshNothing, config);
}
