/** Where the account is signed in, and "sign out of other devices". */
import { formatSydney } from '../../../shared/marketplace/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { useRevokeOtherSessions, useSessions } from './api.ts';

function describeAgent(ua: string | null) {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <div className="flex flex-col gap-3">
      {sessions.isPending ? (
        <Loading />
      ) : sessions.error ? (
        <p role="alert">Your sessions could not be loaded.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {sessions.data.items.map((s) => (
            <li key={s.id}>
              <span className="font-medium">{describeAgent(s.userAgent)}</span>
              {s.current ? ' (this device)' : ''} · last active {formatSydney(s.lastActiveAt)}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={revoke.isPending || others === 0}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: (r) =>
                toast({
                  title: 'Signed out of other devices',
                  description:
                    r.revoked === 1
                      ? '1 other session was ended.'
                      : `${r.revoked} other sessions were ended.`,
                  variant: 'success',
                }),
              onError: () =>
                toast({
                  title: 'Error',
                  description: 'Other devices could not be signed out.',
                  variant: 'destructive',
                }),
            })
          }
        >
          Sign out of other devices
        </Button>
      </div>
    </div>
  );
}
