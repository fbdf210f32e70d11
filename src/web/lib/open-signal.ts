/**
 * A request to open a panel that may not have loaded yet. The shell's overlays (cookie preferences,
 * accessibility settings) arrive in a chunk loaded after the page, so a request made before then is kept
 * and delivered to the panel when it subscribes, instead of being lost.
 */
export function createOpenSignal() {
  const handlers = new Set<() => void>();
  let pending = false;
  return {
    open() {
      if (handlers.size === 0) {
        pending = true;
        return;
      }
      for (const handler of handlers) handler();
    },
    subscribe(handler: () => void) {
      handlers.add(handler);
      if (pending) {
        pending = false;
        handler();
      }
      return () => {
        handlers.delete(handler);
      };
    },
  };
}
