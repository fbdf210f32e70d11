/**
 * The connection status for React (monitor.ts does the checking): the hooks, and the monitor's toasts
 * shown in the app's toast area.
 */
import { useSyncExternalStore } from 'react';
import { toast } from '../../components/ui/toast.tsx';
import {
  type ConnectionSnapshot,
  getConnectionSnapshot,
  setConnectionToast,
  subscribeConnection,
} from './monitor.ts';

export * from './monitor.ts';

setConnectionToast(toast);

export function useConnectionStatus(): ConnectionSnapshot {
  return useSyncExternalStore(subscribeConnection, getConnectionSnapshot, getConnectionSnapshot);
}

/** The network hook's simple view of SPEC §4: online, offline or reconnected. */
export function useNetworkStatus(): 'online' | 'offline' | 'reconnected' {
  const s = useConnectionStatus();
  if (s.state === 'offline' || s.state === 'error') return 'offline';
  return s.reconnected ? 'reconnected' : 'online';
}
