/** /help: answers to the questions people ask, and how to reach support (SPEC §1 hours, 24-hour aim). */
import { Link } from 'react-router';
import { SUPPORT_HOURS } from '../../shared/constants.ts';
import { config } from '../app/config.ts';
import { Card } from '../components/ui/card.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

interface Answer {
  q: string;
  a: React.ReactNode;
}

const link = 'text-brand-600 underline';

const SECTIONS: { title: string; items: Answer[] }[] = [
  {
    title: 'Posting a trip',
    items: [
      {
        q: 'How do I ask for a ride?',
        a: (
          <>
            Open{' '}
            <Link className={link} to="/book-ride">
              Book a ride
            </Link>
            , enter where you are picked up and where you are going, the date and time, how many passengers
            and how much luggage, and your budget. Local registered shuttle businesses that cover the area are
            told about it and can send you quotes.
          </>
        ),
      },
      {
        q: 'Can I change or cancel a trip request?',
        a: 'Yes. While nobody is booked you can edit the request or cancel it from your dashboard. Drivers who already quoted are asked to confirm their quote again after a change.',
      },
    ],
  },
  {
    title: 'Quotes and booking',
    items: [
      {
        q: 'How do quotes work?',
        a: 'Each driver sends one price for the whole trip, with a message and the vehicle. A quote is valid until 2 hours before pickup unless the driver chose a shorter time; we tell you 12 hours before a quote lapses, and you can ask the driver of a lapsed quote to renew it. You can compare them side by side and accept the one that suits you.',
      },
      {
        q: 'What happens when I accept a quote?',
        a: 'The trip is booked with that driver and the other drivers are told. Both of you then see each other’s name, phone number and e-mail on the booking, and you get an e-mail with a calendar invitation.',
      },
      {
        q: 'Will I get a reminder?',
        a: 'Yes. Both you and the driver get a reminder about 24 hours before pickup, in the app and by e-mail or push if you turned those on in Settings.',
      },
    ],
  },
  {
    title: 'Paying',
    items: [
      {
        q: 'How do I pay the driver?',
        a: 'You pay the driver directly, in the way you agree with them (for example card, cash or bank transfer). The accepted quote is the most you can be asked to pay. We do not take payment for the trip.',
      },
    ],
  },
  {
    title: 'Cancelling',
    items: [
      {
        q: 'How do I cancel a booking?',
        a: 'Open the booking and choose Cancel booking, with a short reason. The other side is told straight away. If a driver cancels, your request opens again and drivers who quoted before are invited to quote again.',
      },
    ],
  },
  {
    title: 'Ratings',
    items: [
      {
        q: 'How do ratings work?',
        a: (
          <>
            After a trip is completed, the customer and the driver can each rate the other once, from 1 to 5
            stars with an optional comment. You can see your ratings on the{' '}
            <Link className={link} to="/ratings">
              Ratings
            </Link>{' '}
            page.
          </>
        ),
      },
    ],
  },
  {
    title: 'Safety',
    items: [
      {
        q: 'Who are the drivers?',
        a: (
          <>
            Drivers are shuttle businesses with a Booked Service Provider (BSP) authorisation in New South
            Wales. Check the vehicle and registration on your booking before you get in. More on the{' '}
            <Link className={link} to="/safety">
              Safety
            </Link>{' '}
            page.
          </>
        ),
      },
      {
        q: 'Something went wrong on a trip. What do I do?',
        a: 'If anyone is in danger, call 000 first. Then tell us through the contact details below, or with Log Issue in the app, and mention the booking.',
      },
    ],
  },
  {
    title: 'Your account',
    items: [
      {
        q: 'How do I change my notifications, password or delete my account?',
        a: (
          <>
            All of these are in{' '}
            <Link className={link} to="/settings">
              Settings
            </Link>
            . Your name, phone number, picture and e-mail address are on your{' '}
            <Link className={link} to="/profile">
              Profile
            </Link>
            .
          </>
        ),
      },
    ],
  },
];

export default function HelpPage() {
  usePageMeta('Help', 'Answers to common questions and ways to reach support.');
  const phoneHref = config.supportPhone ? `tel:${config.supportPhone.replace(/[^0-9+]/g, '')}` : null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Help</h1>
      {SECTIONS.map((section) => (
        <section key={section.title} aria-label={section.title} className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.items.map((item) => (
            <details key={item.q} className="rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-medium">{item.q}</summary>
              <p className="mt-2 text-sm">{item.a}</p>
            </details>
          ))}
        </section>
      ))}
      <section aria-labelledby="help-contact">
        <Card className="flex flex-col gap-2">
          <h2 id="help-contact" className="text-xl font-semibold">
            Contact support
          </h2>
          <p className="text-sm">
            We are available {SUPPORT_HOURS.days}, {SUPPORT_HOURS.open} to {SUPPORT_HOURS.close} (Sydney
            time), and aim to reply within {SUPPORT_HOURS.replyWithinHours} hours on business days.
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            <li>
              E-mail:{' '}
              <a className={link} href={`mailto:${config.supportEmail}`}>
                {config.supportEmail}
              </a>
            </li>
            {phoneHref && (
              <li>
                Phone:{' '}
                <a className={link} href={phoneHref}>
                  {config.supportPhone}
                </a>
              </li>
            )}
            <li>
              Drivers:{' '}
              <a className={link} href={`mailto:${config.driversEmail}`}>
                {config.driversEmail}
              </a>{' '}
              or the{' '}
              <Link className={link} to="/driver-support">
                driver support
              </Link>{' '}
              form
            </li>
            <li>
              Or use the{' '}
              <Link className={link} to="/support">
                contact form
              </Link>
              .
            </li>
          </ul>
        </Card>
      </section>
    </div>
  );
}
