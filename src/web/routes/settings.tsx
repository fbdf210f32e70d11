/**
 * /settings: notification choices, push on this device, password, two-factor sign-in, sessions and deleting the
 * account.
 */

import { type ReactNode, useState } from 'react';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { openAccessibilitySettings } from '../features/accessibility/settings.ts';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { openCookiePreferences } from '../features/cookies/consent.ts';
import { PushSwitch } from '../features/push/PushSwitch.tsx';
import { DeleteAccount } from '../features/settings/DeleteAccount.tsx';
import { NotificationPreferences } from '../features/settings/NotificationPreferences.tsx';
import { PasswordChangeForm } from '../features/settings/PasswordChangeForm.tsx';
import { SessionsCard } from '../features/settings/SessionsCard.tsx';
import { TwoFactorCard } from '../features/settings/TwoFactorCard.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="flex flex-col gap-4">
        <div>
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          {intro && <p className="mt-1 text-sm text-slate-700">{intro}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

export default function SettingsPage() {
  usePageMeta('Settings', 'Notifications, accessibility, cookies, password and account.');
  const { user } = useAuth();
  // RouteGuard sends an administrator here until their second factor is on (issue 14).
  const mustSetUpTwoFactor = user?.role === 'admin' && !user.twoFactorEnabled && !user.isTest;
  // With it on, a session started without the code (from before it was on) still has no admin rights (issue 28).
  const mustSignInAgain =
    user?.role === 'admin' && user.twoFactorEnabled && !user.secondFactor && !user.isTest;
  // Then the set-up comes first on the page, and stays there for this visit: moving it once it is done
  // would remount it and lose the backup codes it is showing.
  const [setUpFirst] = useState(mustSetUpTwoFactor);
  if (!user) return null;
  const twoFactor = (
    <Section id="settings-two-factor" title="Two-factor sign-in">
      <TwoFactorCard />
    </Section>
  );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      {mustSetUpTwoFactor && (
        <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          {TWO_FACTOR_MESSAGES.adminSetupRequired}
        </p>
      )}
      {mustSignInAgain && (
        <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          {TWO_FACTOR_MESSAGES.adminSignInAgain}
        </p>
      )}
      {setUpFirst && twoFactor}
      {user.isTest ? (
        <p>A test session has no account settings to change.</p>
      ) : (
        <>
          <Section
            id="settings-notifications"
            title="Notification choices"
            intro="Everything always appears on your Notifications page. Choose what also reaches you by e-mail, by push and, on the day of a trip, by text message to your mobile."
          >
            <NotificationPreferences />
          </Section>
          <Section id="settings-push" title="Push notifications">
            <PushSwitch />
          </Section>
          <Section
            id="settings-accessibility"
            title="Accessibility and cookies"
            intro="Text size, contrast, motion and screen reader options apply to the whole app on this device. Cookie choices decide what this browser keeps and whether usage analytics run."
          >
            <p className="flex flex-wrap gap-3 text-sm">
              <Button type="button" variant="secondary" size="sm" onClick={() => openAccessibilitySettings()}>
                Open accessibility settings
              </Button>
              <Button type="button" variant="secondary" size="sm" onClick={() => openCookiePreferences()}>
                Open cookie preferences
              </Button>
              <a className="self-center text-brand-600 underline" href="/cookie-policy">
                Cookie Policy
              </a>
            </p>
          </Section>
          <Section id="settings-password" title="Password">
            <PasswordChangeForm />
          </Section>
          {!setUpFirst && twoFactor}
          <Section
            id="settings-sessions"
            title="Signed-in devices"
            intro="If you signed in on a shared or lost device, sign it out here."
          >
            <SessionsCard />
          </Section>
          <Section id="settings-delete" title="Delete account">
            <DeleteAccount />
          </Section>
        </>
      )}
    </div>
  );
}
