/** Admin billing (issue 15) as React Query hooks: the statements list and the two actions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStatementListDto, StatementDetailDto } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api.ts';

export function useAdminStatements(search: string) {
  return useQuery({
    queryKey: ['admin', 'statements', search],
    queryFn: () => api<AdminStatementListDto>(`/api/admin/billing/statements?${search}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export const statementsCsvUrl = (search: string) => `/api/admin/billing/statements.csv?${search}`;

export type StatementAction =
  | { kind: 'pay'; amount: number; reference: string }
  | { kind: 'void'; reason: string };

export function useStatementAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (a: StatementAction) =>
      api<{ statement: StatementDetailDto }>(
        `/api/admin/billing/statements/${id}/${a.kind === 'pay' ? 'payments' : 'void'}`,
        {
          method: 'POST',
          body: a.kind === 'pay' ? { amount: a.amount, reference: a.reference } : { reason: a.reason },
        },
      ),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['billing'] });
      void qc.invalidateQueries({ queryKey: ['admin', 'statements'] });
    },
  });
}
