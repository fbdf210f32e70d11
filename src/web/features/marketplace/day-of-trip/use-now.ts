/** The current time, ticking every `everyMs` while `on` (countdowns); frozen while off. */
import { useEffect, useState } from 'react';

export function useNow(on: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [on, everyMs]);
  return now;
}

/**
 * Calls `refresh` once when the instant `at` passes (a window opening, the free waiting time running out),
 * so what the API allows then (a button) appears without a reload.
 */
export function useWhenPassed(at: string | null, refresh: () => void): void {
  useEffect(() => {
    if (!at) return;
    const wait = new Date(at).getTime() - Date.now();
    if (wait < 0) return;
    // A second late: the API's clock decides, and it must see the instant as passed.
    const timer = setTimeout(refresh, Math.min(wait + 1000, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [at, refresh]);
}
