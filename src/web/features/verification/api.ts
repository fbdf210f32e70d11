/** The driver's verification (issue 13) as React Query hooks: standing, vehicles, documents, submit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DriverDocumentDto,
  DriverStandingDto,
  DriverVehicleDto,
} from '../../../shared/marketplace/api.ts';
import type { VehicleInput } from '../../../shared/validation/driver-business.ts';
import { api } from '../../lib/api.ts';

const KEY = ['verification'] as const;

/**
 * The multipart sender, fetched when a file is sent: the driver's dashboard reads this module's standing
 * and should not load the upload code with it (its JavaScript budget, scripts/js-budget.ts).
 */
const postMultipart = async <T>(url: string, form: FormData): Promise<T> =>
  (await import('../files/upload-client.ts')).postMultipart<T>(url, form);

export function useStanding(enabled = true) {
  return useQuery({
    meta: { errorToast: false },
    queryKey: [...KEY, 'standing'],
    queryFn: () => api<{ standing: DriverStandingDto }>('/api/drivers/me/standing').then((r) => r.standing),
    enabled,
  });
}

export function useVehicles(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'vehicles'],
    queryFn: () => api<{ items: DriverVehicleDto[] }>('/api/drivers/me/vehicles').then((r) => r.items),
    enabled,
  });
}

export function useDocuments(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'documents'],
    queryFn: () => api<{ items: DriverDocumentDto[] }>('/api/drivers/me/documents').then((r) => r.items),
    enabled,
  });
}

/** Every change may change the checklist: refresh all of it. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: KEY });
}

export function useSaveVehicle() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, body }: { id?: string; body: VehicleInput }) =>
      api<{ vehicle: DriverVehicleDto }>(id ? `/api/drivers/me/vehicles/${id}` : '/api/drivers/me/vehicles', {
        method: id ? 'PUT' : 'POST',
        body,
      }).then((r) => r.vehicle),
    onSuccess: refresh,
  });
}

export function useRemoveVehicle() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (id: string) => api(`/api/drivers/me/vehicles/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useVehiclePhoto() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return postMultipart<{ vehicle: DriverVehicleDto }>(`/api/drivers/me/vehicles/${id}/photo`, form);
    },
    onSuccess: refresh,
  });
}

export function useUploadDocument() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: (input: {
      kind: string;
      vehicleId?: string | null;
      expiresOn: string;
      file: File | null;
    }) => {
      const form = new FormData();
      form.append('kind', input.kind);
      if (input.vehicleId) form.append('vehicleId', input.vehicleId);
      form.append('expiresOn', input.expiresOn);
      if (input.file) form.append('file', input.file);
      return postMultipart<{ document: DriverDocumentDto }>('/api/drivers/me/documents', form);
    },
    onSuccess: refresh,
  });
}

export function useSubmitForReview() {
  const refresh = useRefresh();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: () =>
      api<{ standing: DriverStandingDto }>('/api/drivers/me/submit', { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
}
