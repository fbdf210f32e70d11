/** A stable function that fetches one booking again (a window opened, a countdown ran out). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export function useRefreshBooking(id: string): () => void {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: ['bookings', id] }), [qc, id]);
}
