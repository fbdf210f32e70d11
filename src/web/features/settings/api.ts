/** The settings page's calls: notification choices, password, sessions, account deletion, profile details. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorSetupDto, TwoFactorStatusDto } from '../../../shared/two-factor.ts';
import { api } from '../../lib/api.ts';

export interface NotificationPreference {
  kind: string;
  label: string;
  email: boolean;
  push: boolean;
  /** Text messages on or off; null for a kind that sends no text (issue 30). */
  sms: boolean | null;
}

export interface SessionInfo {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

const PREFS_KEY = ['notification-preferences'] as const;
const SESSIONS_KEY = ['me', 'sessions'] as const;

export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: PREFS_KEY,
    queryFn: () => api<{ items: NotificationPreference[] }>('/api/notification-preferences'),
    enabled,
  });
}

export function useSaveNotificationPreference() {
  const qc = useQueryClient();
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (p: Pick<NotificationPreference, 'kind' | 'email' | 'push'> & { sms?: boolean }) =>
      api<{ items: NotificationPreference[] }>('/api/notification-preferences', { method: 'PUT', body: p }),
    onMutate: async (p) => {
      await qc.cancelQueries({ queryKey: PREFS_KEY });
      const before = qc.getQueryData<{ items: NotificationPreference[] }>(PREFS_KEY);
      if (before) {
        qc.setQueryData(PREFS_KEY, {
          items: before.items.map((i) => (i.kind === p.kind ? { ...i, ...p } : i)),
        });
      }
      return { before };
    },
    onError: (_err, _p, ctx) => {
      if (ctx?.before) qc.setQueryData(PREFS_KEY, ctx.before);
    },
    onSuccess: (data) => qc.setQueryData(PREFS_KEY, data),
  });
}

export function useSessions(enabled = true) {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api<{ items: SessionInfo[] }>('/api/me/sessions'),
    enabled,
  });
}

export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: () =>
      api<{ ok: true; revoked: number }>('/api/me/sessions/revoke-others', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<{ ok: true }>('/api/me/password', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { confirm: string; password: string }) =>
      api<{ ok: true }>('/api/me', { method: 'DELETE', body }),
  });
}

export function useUpdateProfile() {
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { fullName: string; phone: string }) =>
      api<{ user: { fullName: string; phone: string | null; email: string } }>('/api/me', {
        method: 'PATCH',
        body,
      }),
  });
}

export function useChangeEmail() {
  return useMutation({
    // Each form shows its own error next to the control.
    meta: { errorToast: false },
    mutationFn: (body: { newEmail: string; password: string }) =>
      api<{ ok: true; pendingEmail: string }>('/api/me/email', { method: 'POST', body }),
  });
}

const TWO_FACTOR_KEY = ['me', 'two-factor'] as const;

/** Two-factor sign-in (issue 14): /api/me/two-factor. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_KEY,
    queryFn: () => api<TwoFactorStatusDto>('/api/me/two-factor'),
  });
}

function twoFactorMutation<Body, Answer>(path: string) {
  return function useTwoFactorMutation() {
    const qc = useQueryClient();
    return useMutation({
      // The card shows each error next to its control.
      meta: { errorToast: false },
      mutationFn: (body: Body) => api<Answer>(`/api/me/two-factor/${path}`, { method: 'POST', body }),
      onSuccess: () => qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
    });
  };
}

export const useStartTwoFactorSetup = twoFactorMutation<{ password: string }, TwoFactorSetupDto>('enable');
export const useConfirmTwoFactor = twoFactorMutation<{ code: string }, { ok: true }>('confirm');
export const useDisableTwoFactor = twoFactorMutation<{ password: string }, { ok: true }>('disable');
export const useNewBackupCodes = twoFactorMutation<{ password: string }, { backupCodes: string[] }>(
  'backup-codes',
);
