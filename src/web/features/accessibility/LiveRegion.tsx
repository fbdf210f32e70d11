/** The polite live region that announce() writes to (screen readers read it out). */
import { useAnnouncement } from './settings.ts';

/** The single polite live region behind announce(). No role, so it never matches getByRole('status'). */
export function LiveRegion() {
  const message = useAnnouncement();
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="a11y-live-region">
      {message}
    </div>
  );
}
