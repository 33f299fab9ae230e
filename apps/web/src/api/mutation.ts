import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';

/** What a page adds to an API write: its own callbacks (toasts, navigation). */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/**
 * useMutation for one API write, as bulletproof-react's feature api modules shape them: the write
 * and the queries it changes (`refresh`) live in the api module; the page adds its toasts and
 * navigation through `config`, whose onSuccess runs once the refresh is done. Mutations are never
 * retried (the query client's default, docs/product.md §7.8).
 */
export function useApiMutation<TData, TVariables>(
  write: (variables: TVariables) => Promise<TData>,
  refresh: (queryClient: QueryClient, data: TData, variables: TVariables) => Promise<unknown> | void,
  config: MutationConfig<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation<TData, Error, TVariables>({
    ...rest,
    mutationFn: write,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await refresh(queryClient, data, variables);
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/** For writes that change no cached query. */
export const refreshNothing = (): void => undefined;
