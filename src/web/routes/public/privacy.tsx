/**
 * /privacy and /cookie-policy (the same page, SPEC §2.2). Lists what the app really keeps: the database
 * tables of src/server/db/schema and the browser keys of src/shared/preferences.ts,
 * src/web/features/auth/storage.ts and src/web/features/analytics/tracker.ts. Update it when those change.
 */
import { useLocation } from 'react-router';
import { PREFERENCE_KEYS } from '../../../shared/preferences.ts';
import { config } from '../../app/config.ts';
import { Button } from '../../components/ui/button.tsx';
import { STORAGE_KEYS, TEST_SESSION_KEYS } from '../../features/auth/storage.ts';
import { openCookiePreferences } from '../../features/cookies/consent.ts';
import { Bullets, PublicPage, Section, TextLink } from '../../features/public/PublicPage.tsx';

const DATABASE: [string, string][] = [
  [
    'Your account',
    'Your e-mail address, full name, account type (rider, driver or administrator), phone number if you give one, and your avatar picture if you upload one. Your password is stored only as a one-way hash. While you are signed in we keep a session record with the network address and browser description it was started from.',
  ],
  [
    'Driver details',
    'For drivers: the BSP authorisation number, trading name, ABN, business phone and e-mail, base locality and service radius, a short description and logo or photo, vehicles (make, model, year, colour, registration, seats, luggage space, features and a photo), availability, and compliance documents (authorisation, insurance and safety inspection certificates with their expiry dates) with our review decisions. Compliance documents are seen only by the driver and our admin team; customers see the business name, logo, verified date, ratings and vehicle, and the business phone once they book.',
  ],
  [
    'Trip requests',
    'Pickup and destination (suburb, postcode, address and map position), date and time, passengers, luggage and large items, your budget, notes and a flight number if you add one.',
  ],
  ['Quotes', 'Each quote a driver sends: the fare, the vehicle, any message, and its status.'],
  [
    'Bookings',
    'Which quote was booked, the agreed fare, the booking status and its history, and a cancellation reason if a booking is cancelled.',
  ],
  ['Ratings', 'The score and any comment riders and drivers give each other after a trip.'],
  [
    'Notifications',
    'The in-app notifications we create for you, whether you have read them, your e-mail and push preferences, and, if you allow browser push notifications, the push subscription your browser gives us.',
  ],
  [
    'Uploaded files',
    'Files you upload (such as your avatar or an issue screenshot), with their name, type and size.',
  ],
  [
    'Issue reports and messages',
    'Issue reports you send with the Log Issue button, and the e-mails we send you or that you send us through the contact and driver-support forms.',
  ],
  [
    'Security events',
    'Sign-ins, failed sign-ins, sign-outs, session time-outs, password resets and rate-limit hits, with the time and the network address they came from. We use these to protect accounts, and we count requests per address to stop abuse.',
  ],
  [
    'Error reports',
    'When the app hits an error, a description of it with the page address and your browser description, so we can fix it.',
  ],
  [
    'Usage analytics (only with your consent)',
    'If you allow analytics: which pages you view, time on page, and clicks, searches and scroll depth, grouped in a per-tab session. They are sent only to our own server, never to a third party.',
  ],
];

export default function PrivacyPage() {
  const { pathname } = useLocation();
  const path = pathname === '/cookie-policy' ? '/cookie-policy' : '/privacy';
  return (
    <PublicPage
      path={path}
      intro={
        <p>
          This page says exactly what {config.brandName} keeps about you, where, and why, and the cookie
          choices you have. We do not sell your data and we do not use advertising or third-party trackers.
        </p>
      }
    >
      <Section title="What we store in our database">
        <dl className="flex flex-col gap-4">
          {DATABASE.map(([term, text]) => (
            <div key={term}>
              <dt className="font-semibold text-slate-900">{term}</dt>
              <dd className="mt-1">{text}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Who sees it">
        <Bullets
          items={[
            'When you book a quote, the rider and the driver can see each other’s name and contact details so they can arrange the trip.',
            'Drivers see open trip requests so they can quote. Ratings are shown to people deciding whether to book or accept.',
            'Our administrators can see accounts, trips, quotes and bookings to run the service and handle reports.',
          ]}
        />
      </Section>
      <Section id="cookies" title="What we store in your browser">
        <p>
          <strong>Cookie:</strong> one session cookie, set when you sign in. It is HttpOnly (page scripts
          cannot read it) and keeps you signed in; without it you cannot use your account. It is removed when
          you sign out.
        </p>
        <p>
          <strong>Local storage</strong> (stays on this device until you clear it):
        </p>
        <Bullets
          items={[
            <>
              <code>{PREFERENCE_KEYS.cookieConsent}</code> and <code>{PREFERENCE_KEYS.analyticsConsent}</code>
              : your cookie choices and when you made them.
            </>,
            <>
              <code>{PREFERENCE_KEYS.accessibility}</code>: your accessibility settings (text size, contrast,
              motion, screen reader and focus options).
            </>,
            <>
              <code>{STORAGE_KEYS.signedIn}</code>, <code>{STORAGE_KEYS.lastLogin}</code> and{' '}
              <code>{STORAGE_KEYS.lastActivity}</code>: whether you are signed in, when you last signed in and
              when you were last active, used to sign you out after 30 minutes without activity. Cleared when
              you sign out.
            </>,
          ]}
        />
        <p>
          <strong>Session storage</strong> (cleared when you close the tab):
        </p>
        <Bullets
          items={[
            <>
              <code>sq.analyticsSession</code>: the current analytics session, only if you allowed analytics.
            </>,
            <>
              {TEST_SESSION_KEYS.map((k, i) => (
                <span key={k}>
                  {i > 0 && ', '}
                  <code>{k}</code>
                </span>
              ))}
              : only used by the test sign-up pages, which keep a pretend account in the browser.
            </>,
          ]}
        />
      </Section>
      <Section title="Your cookie choices">
        <Bullets
          items={[
            'Essential: always on. The session cookie and the storage above that make the site work.',
            'Functional: remembers your preferences on this device.',
            'Analytics: off until you allow it. Lets us count page views and clicks to improve the service.',
          ]}
        />
        <p>You choose in the cookie banner on your first visit, and you can change your mind at any time.</p>
        <p>
          <Button
            type="button"
            variant="secondary"
            data-opens="cookie-preferences"
            onClick={() => openCookiePreferences()}
          >
            Change cookie choices
          </Button>
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You can see and correct your details in your profile and settings. To ask for a copy of your data,
          or to have your account deleted, write to{' '}
          <TextLink to={`mailto:${config.supportEmail}`}>{config.supportEmail}</TextLink>. We handle personal
          information under the Australian Privacy Principles.
        </p>
      </Section>
    </PublicPage>
  );
}
