/**
 * The driver's phone position while sharing is on (issue 30): the browser's watchPosition, sent to the API
 * at most once per 10 seconds (the latest fix wins; a newer one waits for the interval), and stopped when
 * `active` turns false (switched off, on board) or the page is left (the effect's clean-up).
 */
import { useEffect, useState } from 'react';
import { type PositionInput, TRIP_WINDOWS } from '../../../../shared/marketplace/trip-status.ts';
import { ApiError } from '../../../lib/api.ts';
import { sendPosition } from './api.ts';
import { DAY_TEXT } from './texts.ts';

const INTERVAL_MS = TRIP_WINDOWS.positionIntervalSeconds * 1000;

export function usePositionWatch(bookingId: string, active: boolean) {
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError(DAY_TEXT.shareUnsupported);
      return;
    }
    let disposed = false;
    let lastSent = 0;
    let inFlight = false;
    let pending: PositionInput | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = () => {
      if (timer || inFlight || !pending || disposed) return;
      timer = setTimeout(flush, Math.max(0, lastSent + INTERVAL_MS - Date.now()));
    };
    const flush = async () => {
      timer = undefined;
      if (!pending || disposed) return;
      const position = pending;
      pending = null;
      lastSent = Date.now();
      inFlight = true;
      try {
        await sendPosition(bookingId, position);
        if (!disposed) {
          setLastSentAt(Date.now());
          setError(null);
        }
      } catch (err) {
        // A refusal (too fast, sharing closed) is said; the next fix is tried again after the interval.
        if (!disposed && err instanceof ApiError && err.status !== 0) setError(err.message);
      } finally {
        inFlight = false;
        schedule();
      }
    };

    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        pending = {
          lat: fix.coords.latitude,
          lng: fix.coords.longitude,
          accuracyM: Math.min(Math.round(fix.coords.accuracy), 100_000),
        };
        schedule();
      },
      (err) => {
        if (!disposed)
          setError(err.code === err.PERMISSION_DENIED ? DAY_TEXT.shareDenied : DAY_TEXT.shareNoFix);
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 60_000 },
    );
    return () => {
      disposed = true;
      navigator.geolocation.clearWatch(watch);
      clearTimeout(timer);
    };
  }, [bookingId, active]);
  return { lastSentAt: active ? lastSentAt : null, error: active ? error : null };
}
