import {
  type CreateCaseInput,
  CreateCaseResponseSchema,
  ListCasesResponseSchema,
} from '@coparent/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

const CASES_QUERY_KEY = [...ACCOUNT_QUERY_KEY, 'cases'] as const;

/** GET /v2/account/cases: the professional's cases, newest first (401 / 403 otherwise). */
export function useCases(isEnabled: boolean) {
  return useQuery({
    queryKey: CASES_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiRequest<unknown>('/v2/account/cases', { signal }).then((answer) =>
        parseAnswer(ListCasesResponseSchema, answer),
      ),
    enabled: isEnabled,
  });
}

/** POST /v2/account/cases: invite a family; the list is read again afterwards. */
export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'cases', 'create'],
    mutationFn: (body: CreateCaseInput) =>
      apiRequest<unknown>('/v2/account/cases', { method: 'POST', body }).then((answer) =>
        parseAnswer(CreateCaseResponseSchema, answer),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CASES_QUERY_KEY }),
  });
}
