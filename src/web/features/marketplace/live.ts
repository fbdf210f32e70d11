/**
 * Live updates: one Server-Sent Events stream per signed-in tab. Any change to the user's marketplace
 * data (a quote arriving, a booking, a notification) refreshes the affected queries without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MARKETPLACE_KEYS } from './api.ts';

export function useLiveUpdates(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    // EventSource reconnects by itself after a dropped connection.
    const source = new EventSource('/api/notifications/stream');
    const refresh = () => {
      for (const key of MARKETPLACE_KEYS) void qc.invalidateQueries({ queryKey: [key] });
    };
    source.addEventListener('change', refresh);
    // After a reconnect (not the first connection), anything missed meanwhile is fetched again.
    let connections = 0;
    source.addEventListener('ready', () => {
      connections += 1;
      if (connections > 1) refresh();
    });
    return () => source.close();
  }, [enabled, qc]);
}
