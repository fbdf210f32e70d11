/** The push switch of /settings: turns browser push on or off for this device. */
import { useEffect, useId, useState } from 'react';
import { currentSubscription, disablePush, enablePush, pushSupported } from './push.ts';

export function PushSwitch() {
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const supported = pushSupported();

  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((s) => {
        if (live) setOn(Boolean(s) && Notification.permission === 'granted');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await disablePush();
        setOn(false);
      } else {
        setOn(await enablePush());
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={labelId} className="font-medium">
          Push notifications on this device
        </p>
        <p id={hintId} className="text-sm text-slate-700">
          {supported
            ? 'Get notifications from this browser even when the app is closed.'
            : 'This browser does not support push notifications.'}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={busy}
        onClick={toggle}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:opacity-60 ${
          on ? 'bg-brand-600' : 'bg-slate-500'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${
            on ? 'translate-x-5' : 'translate-x-0'
          }`}
        />
      </button>
    </div>
  );
}
