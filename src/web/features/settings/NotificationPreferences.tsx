/**
 * Per notification kind: e-mail and push on or off, and text messages for the kinds that send one (issue
 * 30); in-app notifications are always on.
 */
import { useState } from 'react';
import { SMS_MESSAGES } from '../../../shared/marketplace/sms.ts';
import { Loading } from '../../components/ui/loading.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useNotificationPreferences, useSaveNotificationPreference } from './api.ts';

type Choice = { email: boolean; push: boolean; sms: boolean | null };

export function NotificationPreferences() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreference();
  // What was just clicked, shown at once: the query's own optimistic update lands a few ticks later, and a
  // controlled checkbox would spring back in between.
  const [clicked, setClicked] = useState<Record<string, Choice>>({});
  if (prefs.isPending) return <Loading />;
  if (prefs.error) return <p role="alert">Your notification choices could not be loaded.</p>;
  const change = (kind: string, email: boolean, push: boolean, sms: boolean | null) => {
    const choice: Choice = { email, push, sms };
    setClicked((c) => ({ ...c, [kind]: choice }));
    save.mutate(
      { kind, email, push, ...(sms === null ? {} : { sms }) },
      {
        onError: () =>
          toast({ title: 'Error', description: 'Your choice could not be saved.', variant: 'destructive' }),
        // The saved (or, after an error, the restored) value takes over, unless a later click is pending.
        onSettled: () =>
          setClicked((c) => {
            if (c[kind] !== choice) return c;
            const { [kind]: _done, ...rest } = c;
            return rest;
          }),
      },
    );
  };
  return (
    // Focusable and named like the other wide tables: with large text on a phone it scrolls sideways inside
    // this region, never the page (issue 12). Relative, so the screen-reader-only words inside stay in it.
    <div
      role="region"
      aria-label="Notification choices (scrolls sideways)"
      tabIndex={0}
      className="relative min-w-0 max-w-full overflow-x-auto"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">E-mail, push and text-message notifications per kind</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-2 font-semibold">
              Notification
            </th>
            {/* Narrow columns with short words: four columns fit a 390 px phone at 150 % text. */}
            <th scope="col" className="w-14 px-1 py-2 text-center font-semibold">
              E-mail
            </th>
            <th scope="col" className="w-14 px-1 py-2 text-center font-semibold">
              Push
            </th>
            <th scope="col" className="w-14 px-1 py-2 text-center font-semibold">
              Text<span className="sr-only"> message</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prefs.data.items
            .map((saved) => ({ ...saved, ...clicked[saved.kind] }))
            .map((p) => (
              <tr key={p.kind} className="border-b border-slate-100" data-testid={`pref-${p.kind}`}>
                <th scope="row" className="py-2 pr-2 font-normal">
                  {p.label}
                </th>
                <td className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-6 w-6 accent-brand-800"
                    aria-label={`E-mail: ${p.label}`}
                    checked={p.email}
                    onChange={(e) => change(p.kind, e.target.checked, p.push, p.sms)}
                  />
                </td>
                <td className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="h-6 w-6 accent-brand-800"
                    aria-label={`Push: ${p.label}`}
                    checked={p.push}
                    onChange={(e) => change(p.kind, p.email, e.target.checked, p.sms)}
                  />
                </td>
                <td className="py-2 text-center">
                  {p.sms === null ? (
                    <>
                      <span aria-hidden="true" className="text-slate-500">
                        —
                      </span>
                      <span className="sr-only">{SMS_MESSAGES.noTexts}</span>
                    </>
                  ) : (
                    <input
                      type="checkbox"
                      className="h-6 w-6 accent-brand-800"
                      aria-label={`Text message: ${p.label}`}
                      checked={p.sms}
                      onChange={(e) => change(p.kind, p.email, p.push, e.target.checked)}
                    />
                  )}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
