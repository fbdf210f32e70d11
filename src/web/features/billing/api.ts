/** Driver billing (issue 15) as React Query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { DriverBillingPageDto, StatementPageDto } from '../../../shared/billing.ts';
import { api } from '../../lib/api.ts';

const KEY = ['billing'] as const;

export function useDriverBilling(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: () => api<DriverBillingPageDto>('/api/billing'),
    enabled,
  });
}

export function useStatement(id: string) {
  return useQuery({
    queryKey: [...KEY, 'statement', id],
    queryFn: () => api<StatementPageDto>(`/api/billing/statements/${id}`),
    meta: { errorToast: false },
  });
}

/** The PDF tax invoice: a plain link, so the browser downloads it with the session cookie. */
export const statementPdfUrl = (id: string) => `/api/billing/statements/${id}/pdf`;
