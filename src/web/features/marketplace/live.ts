/**
 * Live updates: one Server-Sent Events stream per signed-in tab. Any change to the user's marketplace
 * data (a quote arriving, a booking, a notification) refreshes the affected queries without a reload.
 *
 * The stream must never go silent unnoticed (issue 11): the server sends a heartbeat every
 * LIVE_HEARTBEAT_MS, and a stream that has said nothing for LIVE_STALE_AFTER_MS is treated as dead and
 * opened again, carrying the last event id so the server replays what was missed. A stream the browser
 * gave up on (EventSource stops retrying after an error answer such as 503) is opened again with a
 * backoff growing to 30 s. After any gap, and whenever the server says `resync`, everything shown is
 * fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { LIVE_STALE_AFTER_MS } from '../../../shared/marketplace/constants.ts';
import { MARKETPLACE_KEYS } from './api.ts';

const STREAM_URL = '/api/notifications/stream';
/** Reopen delays after the browser gave up: 1 s doubling to 30 s (SPEC §7 "reconnect delay growing to max 30 s"). */
const REOPEN_MIN_MS = 1_000;
const REOPEN_MAX_MS = 30_000;
/** Many events in a burst (a replay) cause one refetch. */
const REFRESH_DEBOUNCE_MS = 100;

export interface LiveSessionHandlers {
  /** The account changed (a new role): read the session again. */
  onSessionChanged: () => void;
  /** An administrator ended this session (issue 14): the tab signs out. */
  onSignedOut: () => void;
}

export function useLiveUpdates(enabled: boolean, handlers?: LiveSessionHandlers) {
  const qc = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let lastEventId = '';
    let lastHeard = Date.now();
    let opened = 0;
    let failures = 0;
    let disposed = false;
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;

    const refresh = () => {
      if (refreshTimer) return;
      refreshTimer = setTimeout(() => {
        refreshTimer = undefined;
        for (const key of MARKETPLACE_KEYS) void qc.invalidateQueries({ queryKey: [key] });
      }, REFRESH_DEBOUNCE_MS);
    };
    const heard = () => {
      lastHeard = Date.now();
    };

    const open = () => {
      if (disposed) return;
      source?.close();
      // EventSource sends Last-Event-ID by itself when it reconnects; a stream opened anew names it here.
      const url = lastEventId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_URL;
      const es = new EventSource(url);
      source = es;
      heard();
      es.addEventListener('ready', () => {
        heard();
        failures = 0;
        opened += 1;
        // Not the first connection: anything missed meanwhile is fetched again.
        if (opened > 1) refresh();
      });
      es.addEventListener('change', (event) => {
        heard();
        if ((event as MessageEvent).lastEventId) lastEventId = (event as MessageEvent).lastEventId;
        if (kindOf(event as MessageEvent) === 'session') handlersRef.current?.onSessionChanged();
        refresh();
      });
      es.addEventListener('signed_out', () => {
        disposed = true;
        es.close();
        handlersRef.current?.onSignedOut();
      });
      es.addEventListener('resync', () => {
        heard();
        refresh();
      });
      es.addEventListener('ping', heard);
      es.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again later.
        if (es.readyState === EventSource.CLOSED && source === es) reopenLater();
      });
    };

    const reopenLater = () => {
      if (disposed || reopenTimer) return;
      failures += 1;
      const delay = Math.min(REOPEN_MIN_MS * 2 ** (failures - 1), REOPEN_MAX_MS);
      reopenTimer = setTimeout(() => {
        reopenTimer = undefined;
        open();
      }, delay);
    };

    // A stream can die without an error (a proxy or a sleeping laptop): silence past the heartbeat means dead.
    const watchdog = setInterval(() => {
      if (!reopenTimer && Date.now() - lastHeard > LIVE_STALE_AFTER_MS) open();
    }, 5_000);
    // Back online: do not wait for the watchdog.
    const onOnline = () => {
      if (source?.readyState !== EventSource.OPEN) {
        clearTimeout(reopenTimer);
        reopenTimer = undefined;
        open();
      }
    };
    window.addEventListener('online', onOnline);

    open();
    return () => {
      disposed = true;
      clearInterval(watchdog);
      clearTimeout(refreshTimer);
      clearTimeout(reopenTimer);
      window.removeEventListener('online', onOnline);
      source?.close();
    };
  }, [enabled, qc]);
}

function kindOf(event: MessageEvent): string | null {
  try {
    return (JSON.parse(String(event.data)) as { kind?: string }).kind ?? null;
  } catch {
    return null;
  }
}
