/** The Port Stephens launch notice on the sign-up screens. */
import { MapPin } from 'lucide-react';
import { UI_TEXT } from '../../../../shared/messages.ts';

/** The launch notice every sign-up screen shows (SPEC §1). */
export function LaunchNotice() {
  return (
    <aside
      aria-label="Launch notice"
      className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-950"
    >
      <MapPin className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>{UI_TEXT.launchNotice}</p>
    </aside>
  );
}
