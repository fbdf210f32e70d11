/** Admin user management (issue 14) as React Query hooks: the list, one user, and the actions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetailDto, AdminUserListDto } from '../../../../shared/admin/users.ts';
import type { UserType } from '../../../../shared/roles.ts';
import { api } from '../../../lib/api.ts';

const KEY = ['admin', 'users'] as const;

export interface UserListParams {
  q: string;
  role: string;
  status: string;
  verification: string;
  from: string;
  to: string;
  sort: string;
  cursor: string | null;
}

export function userListQueryString(p: UserListParams): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v) search.set(k, v);
  return search.toString();
}

export function useAdminUserList(params: UserListParams, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'list', params],
    queryFn: () => api<AdminUserListDto>(`/api/admin/users?${userListQueryString(params)}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
    enabled,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => api<AdminUserDetailDto>(`/api/admin/users/${id}`),
    meta: { errorToast: false },
  });
}

export type UserAction =
  | { kind: 'suspend'; reason: string }
  | { kind: 'reinstate'; reason: string }
  | { kind: 'role'; role: UserType; reason: string }
  | { kind: 'resend-confirmation' }
  | { kind: 'password-reset' }
  | { kind: 'reset-two-factor'; reason: string }
  | { kind: 'note'; body: string }
  | { kind: 'delete'; reason: string };

function request(id: string, a: UserAction) {
  switch (a.kind) {
    case 'suspend':
    case 'reinstate':
    case 'reset-two-factor':
      return api(`/api/admin/users/${id}/${a.kind}`, { method: 'POST', body: { reason: a.reason } });
    case 'role':
      return api(`/api/admin/users/${id}/role`, { method: 'POST', body: { role: a.role, reason: a.reason } });
    case 'note':
      return api(`/api/admin/users/${id}/notes`, { method: 'POST', body: { body: a.body } });
    case 'delete':
      return api(`/api/admin/users/${id}`, { method: 'DELETE', body: { reason: a.reason } });
    default:
      return api(`/api/admin/users/${id}/${a.kind}`, { method: 'POST', body: {} });
  }
}

export function useUserAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (a: UserAction) => request(id, a),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
