/**
 * Two-factor sign-in in /settings (issue 14): set up an authenticator app (QR code or typed key, then its
 * first code), keep the backup codes, make new ones, turn it off (not for administrators).
 */
import { type FormEvent, useState } from 'react';
import { TWO_FACTOR_MESSAGES, type TwoFactorSetupDto } from '../../../shared/two-factor.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FormError, FormNotice } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useNewBackupCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from './api.ts';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? (err.issues?.[0]?.message ?? err.message) : fallback;

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** One password field and a button: set-up, new backup codes and turning off all start this way. */
function PasswordAction({
  label,
  busyLabel,
  busy,
  error,
  onSubmit,
  variant = 'primary',
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  variant?: 'primary' | 'secondary' | 'destructive';
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setMissing(TWO_FACTOR_MESSAGES.passwordRequired);
      return;
    }
    setMissing(undefined);
    onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3" aria-label={label}>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing ?? error ?? undefined}
        required
      />
      <div>
        <Button type="submit" variant={variant} disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </div>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'shuttlequote-backup-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3" aria-labelledby="backup-codes-title">
      <h3 id="backup-codes-title" className="font-semibold">
        Your backup codes
      </h3>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once instead of an app code. Keep them
        somewhere safe, such as a password manager. They are shown only now.
      </p>
      <ol className="grid max-w-md grid-cols-2 gap-x-6 gap-y-1 font-mono text-base" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <p className="flex flex-wrap gap-3">
        <Button type="button" variant="secondary" size="sm" onClick={download}>
          Download the codes
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved my backup codes
        </Button>
      </p>
    </div>
  );
}

function SetupSteps({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupDto;
  onEnabled: () => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    confirm.mutate(
      { code },
      {
        onSuccess: onEnabled,
        onError: (err) => setError(messageOf(err, TWO_FACTOR_MESSAGES.invalidCode)),
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-4 pl-5">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="mt-2 rounded-md border border-slate-300 bg-white p-2"
          />
          <p className="mt-2 text-sm text-slate-700">
            Cannot scan it? Enter this key in the app instead:{' '}
            <code
              className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900"
              data-testid="totp-secret"
            >
              {grouped(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <form
            onSubmit={submit}
            noValidate
            className="flex max-w-xs flex-col gap-3"
            aria-label="Confirm the code"
          >
            <Field
              label="6-digit code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={error ?? undefined}
              required
            />
            <p className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
              </Button>
              <Button type="button" variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            </p>
          </form>
        </li>
      </ol>
    </div>
  );
}

export function TwoFactorCard() {
  const { refresh } = useAuth();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const disable = useDisableTwoFactor();
  const renew = useNewBackupCodes();
  const [setup, setSetup] = useState<TwoFactorSetupDto | null>(null);
  const [codesToShow, setCodesToShow] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [action, setAction] = useState<'none' | 'renew' | 'disable'>('none');

  if (status.isPending) return <p>Loading...</p>;
  if (status.isError)
    return <FormError message="Two-factor sign-in could not be loaded. Please reload the page." />;
  const { enabled, required, backupCodesLeft } = status.data;

  if (codesToShow) {
    return (
      <div className="flex flex-col gap-4">
        <FormNotice message={notice} />
        <BackupCodes
          codes={codesToShow}
          onDone={() => {
            setCodesToShow(null);
            setNotice(null);
          }}
        />
      </div>
    );
  }

  if (setup) {
    return (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={() => {
          const codes = setup.backupCodes;
          setSetup(null);
          setNotice(
            'Two-factor sign-in is on. From now on you will enter a code from the app after your password.',
          );
          setCodesToShow(codes);
          // The session now carries the second factor: the admin pages open (RouteGuard reads this).
          void refresh();
        }}
      />
    );
  }

  if (!enabled) {
    return (
      <div className="flex flex-col gap-4">
        <FormNotice message={notice} />
        <p className="text-sm text-slate-700">
          After your password, you will also enter a 6-digit code from an authenticator app on your phone
          (such as Google Authenticator, Microsoft Authenticator or 1Password), so a stolen password alone
          cannot open your account.
        </p>
        <PasswordAction
          label="Set up two-factor sign-in"
          busyLabel="Starting..."
          busy={start.isPending}
          error={start.error ? messageOf(start.error, 'The set-up could not start.') : null}
          onSubmit={(password) => start.mutate({ password }, { onSuccess: (dto) => setSetup(dto) })}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <FormNotice message={notice} />
      <p>
        <strong>Two-factor sign-in is on.</strong> You have {backupCodesLeft ?? 0} unused backup{' '}
        {backupCodesLeft === 1 ? 'code' : 'codes'}.
      </p>
      {required && <p className="text-sm text-slate-700">{TWO_FACTOR_MESSAGES.adminMustKeep}</p>}
      <p className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-expanded={action === 'renew'}
          onClick={() => setAction(action === 'renew' ? 'none' : 'renew')}
        >
          Make new backup codes
        </Button>
        {!required && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            aria-expanded={action === 'disable'}
            onClick={() => setAction(action === 'disable' ? 'none' : 'disable')}
          >
            Turn off two-factor sign-in
          </Button>
        )}
      </p>
      {action === 'renew' && (
        <PasswordAction
          label="Make new backup codes"
          busyLabel="Making codes..."
          busy={renew.isPending}
          error={renew.error ? messageOf(renew.error, 'New codes could not be made.') : null}
          onSubmit={(password) =>
            renew.mutate(
              { password },
              {
                onSuccess: ({ backupCodes }) => {
                  setAction('none');
                  setNotice('New backup codes are ready. The old ones no longer work.');
                  setCodesToShow(backupCodes);
                },
              },
            )
          }
        />
      )}
      {action === 'disable' && (
        <PasswordAction
          label="Turn off two-factor sign-in"
          busyLabel="Turning off..."
          variant="destructive"
          busy={disable.isPending}
          error={
            disable.error ? messageOf(disable.error, 'Two-factor sign-in could not be turned off.') : null
          }
          onSubmit={(password) =>
            disable.mutate(
              { password },
              {
                onSuccess: () => {
                  setAction('none');
                  setNotice('Two-factor sign-in is off. Your password alone now signs you in.');
                  void refresh();
                },
              },
            )
          }
        />
      )}
    </div>
  );
}
