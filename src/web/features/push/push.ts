/**
 * Browser push: registers /service-worker.js, subscribes with the server's public VAPID key and stores the
 * subscription on the server (SPEC §7); the toasts of SPEC §8.
 */
import { toast } from '../../components/ui/toast.tsx';
import { api } from '../../lib/api.ts';

export const PUSH_TOASTS = {
  enabled: { title: 'Notifications Enabled', description: 'You will get notifications on this device.' },
  denied: {
    title: 'Notification Permission Denied',
    description: 'Allow notifications for this site in your browser settings to turn them on.',
  },
  failed: {
    title: 'Failed to Enable Notifications',
    description: 'Something went wrong. Please try again.',
  },
  unsupported: {
    title: 'Push Notifications Not Supported',
    description: 'This browser does not support push notifications.',
  },
} as const;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The current subscription of this browser, if push is on. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Turns push on for this browser; shows the matching toast. Returns whether it is on. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) {
    toast({ ...PUSH_TOASTS.unsupported, variant: 'destructive' });
    return false;
  }
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      toast({ ...PUSH_TOASTS.denied, variant: 'destructive' });
      return false;
    }
    const reg = await registration();
    const { publicKey } = await api<{ publicKey: string }>('/api/push/public-key');
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToUint8Array(publicKey),
      }));
    await api('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
    toast({ ...PUSH_TOASTS.enabled, variant: 'success' });
    return true;
  } catch (err) {
    console.error('enabling push failed', err);
    toast({ ...PUSH_TOASTS.failed, variant: 'destructive' });
    return false;
  }
}

/** Turns push off for this browser (unsubscribes and forgets it on the server). */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: sub.endpoint } }).catch(
    () => undefined,
  );
  await sub.unsubscribe().catch(() => undefined);
}
