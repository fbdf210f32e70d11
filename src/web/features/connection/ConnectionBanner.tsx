/**
 * The connection banner (SPEC §4 Connection, §8 Network) under the header: the offline and error messages
 * with a Retry that re-checks, and the back-online notice that hides after 5 s. Its live region is always
 * present (and has no role, so it never matches getByRole('alert'/'status') in other journeys).
 */
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { NETWORK_MESSAGES } from '../../../shared/preferences.ts';
import { Button } from '../../components/ui/button.tsx';
import { bannerMessage, checkConnection, startConnectionMonitor, useConnectionStatus } from './status.ts';

export function ConnectionBanner() {
  useEffect(() => startConnectionMonitor(), []);
  const status = useConnectionStatus();
  const message = bannerMessage(status);

  return (
    <div
      aria-live="polite"
      data-connection-state={status.state}
      className="fixed inset-x-0 z-30"
      // Under the header, whatever its height (it wraps with large text): Header.tsx publishes it.
      style={{ top: 'var(--header-height, 4rem)' }}
    >
      {message ? (
        <section
          aria-label="Connection status"
          data-testid="connection-banner"
          data-state={status.state}
          className="border-b border-amber-400 bg-amber-100 text-amber-950"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
            <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
            <p className="flex-1 font-medium">{message}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void checkConnection()}
              disabled={status.checking}
            >
              <RefreshCw
                className={status.checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                aria-hidden="true"
              />
              {status.checking ? 'Checking…' : 'Retry'}
            </Button>
          </div>
        </section>
      ) : status.reconnected ? (
        <section
          aria-label="Connection status"
          data-testid="connection-banner"
          data-state="reconnected"
          className="border-b border-green-400 bg-green-50 text-green-900"
        >
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm font-medium">{NETWORK_MESSAGES.restored}</p>
        </section>
      ) : null}
    </div>
  );
}
