/** Issue triage (issue 14) as React Query hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminIssueDetailDto, AdminIssueDto, IssueStatus } from '../../../../shared/admin/issues.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['admin', 'issue-triage'] as const;

export function useAdminIssues(search: string, cursor: string | null) {
  const qs = new URLSearchParams(search);
  if (cursor) qs.set('cursor', cursor);
  return useQuery({
    queryKey: [...KEY, 'list', qs.toString()],
    queryFn: () => api<{ issues: AdminIssueDto[]; nextCursor: string | null }>(`/api/admin/issues?${qs}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useAdminIssue(id: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => api<AdminIssueDetailDto>(`/api/admin/issues/${id}`),
    meta: { errorToast: false },
  });
}

export type IssueAction =
  | { kind: 'status'; status: IssueStatus }
  | { kind: 'reply'; body: string; status?: IssueStatus };

export function useIssueAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (a: IssueAction) =>
      api<AdminIssueDetailDto>(`/api/admin/issues/${id}/${a.kind}`, {
        method: 'POST',
        body:
          a.kind === 'status'
            ? { status: a.status }
            : { body: a.body, ...(a.status ? { status: a.status } : {}) },
      }),
    onSuccess: (detail) => {
      qc.setQueryData([...KEY, 'detail', id], detail);
      void qc.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}
