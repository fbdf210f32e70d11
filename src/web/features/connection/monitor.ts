/**
 * Connection status (SPEC §4 Connection, §8 Network, §9 NETWORK): unknown, online, offline or error.
 * Checked on start, every 30 s while the page is visible, on the browser's online/offline events and on
 * Retry, by GET /api/health with a short timeout. Going offline toasts 'Network Disconnected'; coming back
 * toasts 'Connection Restored', shows the restored notice for 5 s and fires 'process-offline-queue'.
 * Without React (the public pages' banner uses it too, ADR 034): status.ts gives the app its hooks and
 * its toasts.
 */
import { NETWORK } from '../../../shared/constants.ts';
import { APP_EVENTS, HEALTH_CHECK_TIMEOUT_MS, NETWORK_MESSAGES } from '../../../shared/preferences.ts';

export type ConnectionState = 'unknown' | 'online' | 'offline' | 'error';
/** Why the connection is not online: the browser says offline, the network or the API cannot be reached, or another error. */
export type ConnectionReason = 'browser-offline' | 'network-unavailable' | 'api-unavailable' | 'error';

export interface ConnectionSnapshot {
  state: ConnectionState;
  reason: ConnectionReason | null;
  /** True for NETWORK.reconnectedBannerMs after coming back online (the network hook's 'reconnected'). */
  reconnected: boolean;
  checking: boolean;
  lastChecked: number | null;
}

let snap: ConnectionSnapshot = {
  state: 'unknown',
  reason: null,
  reconnected: false,
  checking: false,
  lastChecked: null,
};
const listeners = new Set<() => void>();
function set(patch: Partial<ConnectionSnapshot>) {
  snap = { ...snap, ...patch };
  for (const l of listeners) l();
}

export function bannerMessage(s: Pick<ConnectionSnapshot, 'state' | 'reason'>): string | null {
  if (s.state === 'offline') {
    if (s.reason === 'api-unavailable') return NETWORK_MESSAGES.apiUnavailable;
    if (s.reason === 'network-unavailable') return NETWORK_MESSAGES.networkUnavailable;
    return NETWORK_MESSAGES.browserOffline;
  }
  if (s.state === 'error') return NETWORK_MESSAGES.connectionError;
  return null;
}

/** A toast to show (the app's toast area; the public pages have none to show it in). */
export interface ConnectionToast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}
let notify: (toast: ConnectionToast) => void = () => {};

/** Where the status changes' toasts go (status.ts sends them to the app's toast area). */
export function setConnectionToast(show: (toast: ConnectionToast) => void) {
  notify = show;
}

export function getConnectionSnapshot(): ConnectionSnapshot {
  return snap;
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

/** Moves to a new state and does what the transition calls for (toasts, restored notice, queue event). */
function transition(state: ConnectionState, reason: ConnectionReason | null) {
  const previous = snap.state;
  set({ state, reason, lastChecked: Date.now() });
  if (state === 'online') {
    if (previous === 'offline' || previous === 'error') {
      clearTimeout(reconnectTimer);
      set({ reconnected: true });
      reconnectTimer = setTimeout(() => set({ reconnected: false }), NETWORK.reconnectedBannerMs);
      notify({
        title: NETWORK_MESSAGES.toasts.restored,
        description: NETWORK_MESSAGES.restored,
        variant: 'success',
      });
      window.dispatchEvent(new Event(APP_EVENTS.processOfflineQueue));
    }
    return;
  }
  clearTimeout(reconnectTimer);
  set({ reconnected: false });
  // Toast only when an established connection is lost, never on a page load that starts offline.
  if (previous !== 'online') return;
  if (state === 'offline' && reason === 'browser-offline') {
    notify({
      title: NETWORK_MESSAGES.toasts.disconnected,
      description: NETWORK_MESSAGES.toasts.disconnectedDescription,
    });
  } else {
    notify({
      title: NETWORK_MESSAGES.toasts.connectionError,
      description: bannerMessage({ state, reason }) ?? undefined,
    });
  }
}

let inFlight: Promise<void> | null = null;

/** Checks the API now (Retry, the timer and the online event call this); concurrent calls share one request. */
export function checkConnection(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    transition('offline', 'browser-offline');
    return Promise.resolve();
  }
  if (inFlight) return inFlight;
  set({ checking: true });
  inFlight = (async () => {
    try {
      const res = await fetch('/api/health', {
        cache: 'no-store',
        credentials: 'same-origin',
        signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS),
      });
      // Read though not needed: a body left unread keeps the request open until the timeout aborts it
      // (cancelling it aborts it too), holding a connection for 5 s after every check.
      await res.text();
      if (res.ok) transition('online', null);
      else if (res.status >= 500) transition('offline', 'api-unavailable');
      else transition('error', 'error');
    } catch (err) {
      if (navigator.onLine === false) transition('offline', 'browser-offline');
      else if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError'))
        transition('error', 'error');
      else transition('offline', 'network-unavailable');
    } finally {
      inFlight = null;
      set({ checking: false });
    }
  })();
  return inFlight;
}

let users = 0;
let stopMonitor: (() => void) | null = null;

/** Starts the checks while at least one component uses the status; returns the stop function. */
export function startConnectionMonitor(): () => void {
  users += 1;
  if (!stopMonitor) {
    const onOffline = () => transition('offline', 'browser-offline');
    const onOnline = () => void checkConnection();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && snap.state !== 'online') void checkConnection();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    const interval = setInterval(() => {
      if (document.visibilityState !== 'hidden') void checkConnection();
    }, NETWORK.connectionCheckMs);
    void checkConnection();
    stopMonitor = () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(interval);
    };
  }
  return () => {
    users -= 1;
    if (users === 0 && stopMonitor) {
      stopMonitor();
      stopMonitor = null;
    }
  };
}
