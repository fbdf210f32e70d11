/**
 * The connection banner on the public pages (SPEC §4, §8; ADR 034): the app's (ConnectionBanner.tsx)
 * without React, drawn into the same server-rendered live region from the same monitor (monitor.ts):
 * the offline and error messages with Retry, and the back-online notice; its toasts go to the page's
 * toast area (toasts.ts).
 */
import { NETWORK_MESSAGES } from '../../shared/preferences.ts';
import { buttonClass } from '../components/ui/button-class.ts';
import { toast } from '../components/ui/toast-store.ts';
import {
  bannerMessage,
  checkConnection,
  getConnectionSnapshot,
  setConnectionToast,
  startConnectionMonitor,
  subscribeConnection,
} from '../features/connection/monitor.ts';
import { h, icon } from './dom.ts';

export function startConnectionBanner() {
  const region = document.querySelector<HTMLElement>('[data-connection-state]');
  if (!region) return;
  const draw = () => {
    // Drawn afresh on each change: a Retry that had the focus hands it to the new Retry.
    const hadFocus = region.contains(document.activeElement);
    const status = getConnectionSnapshot();
    const message = bannerMessage(status);
    region.dataset.connectionState = status.state;
    const section = (state: string, className: string, ...children: Node[]) =>
      h(
        'section',
        {
          'aria-label': 'Connection status',
          'data-testid': 'connection-banner',
          'data-state': state,
          class: className,
        },
        ...children,
      );
    if (message) {
      region.replaceChildren(
        section(
          status.state,
          'border-b border-amber-400 bg-amber-100 text-amber-950',
          h(
            'div',
            { class: 'mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm' },
            icon('wifi-off', 'h-4 w-4 shrink-0'),
            h('p', { class: 'flex-1 font-medium' }, message),
            h(
              'button',
              {
                type: 'button',
                class: buttonClass('secondary', 'sm'),
                disabled: status.checking,
                onclick: () => void checkConnection(),
              },
              icon('refresh-cw', status.checking ? 'h-4 w-4 animate-spin' : 'h-4 w-4'),
              status.checking ? 'Checking…' : 'Retry',
            ),
          ),
        ),
      );
    } else if (status.reconnected) {
      region.replaceChildren(
        section(
          'reconnected',
          'border-b border-green-400 bg-green-50 text-green-900',
          h('p', { class: 'mx-auto max-w-7xl px-4 py-2 text-sm font-medium' }, NETWORK_MESSAGES.restored),
        ),
      );
    } else {
      region.replaceChildren();
    }
    if (hadFocus) region.querySelector('button')?.focus();
  };
  setConnectionToast(toast);
  subscribeConnection(draw);
  startConnectionMonitor();
}
