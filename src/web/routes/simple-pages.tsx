/**
 * Pages whose content later issues own (the marketplace, app-wide features and public site issues).
 * Each has its real route, heading, title and description now, so navigation, the guard and the shell
 * can be built and tested against them.
 */
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta.ts';

export interface SimplePageDef {
  title: string;
  heading: string;
  description: string;
  links?: { to: string; label: string }[];
}

export const SIMPLE_PAGES = {
  about: {
    title: 'About',
    heading: 'About us',
    description: 'Who we are and why we are building a fairer shuttle marketplace for Port Stephens.',
  },
  howItWorks: {
    title: 'How It Works',
    heading: 'How it works',
    description:
      'Post your trip, compare quotes from registered local shuttle businesses, and book the one that suits you.',
  },
  safety: {
    title: 'Safety',
    heading: 'Safety',
    description:
      'What drivers on our marketplace must hold, what riders should check, and how to report a problem.',
  },
  support: {
    title: 'Support',
    heading: 'Support',
    description:
      'Our support team answers Monday to Friday, 08:00 to 20:00, and aims to reply within 24 hours on business days.',
  },
  careers: {
    title: 'Careers',
    heading: 'Careers',
    description: 'Work with us on transport that is easier and cheaper for Port Stephens.',
  },
  terms: {
    title: 'Terms of Service',
    heading: 'Terms of Service',
    description: 'The terms that apply when you use the marketplace.',
  },
  privacy: {
    title: 'Privacy Policy',
    heading: 'Privacy Policy',
    description: 'What we store about you, in your browser and in our database, and why.',
  },
  driverAgreement: {
    title: 'Driver Agreement',
    heading: 'Driver Agreement',
    description: 'The agreement between shuttle businesses and the marketplace.',
  },
  compliance: {
    title: 'Compliance',
    heading: 'Compliance',
    description: 'How the marketplace and its drivers meet NSW point-to-point transport rules.',
  },
  driverRequirements: {
    title: 'Driver Requirements',
    heading: 'Driver requirements',
    description:
      'What a shuttle business needs before quoting: NSW authorisation, insurance and a safe vehicle.',
  },
  driverSupport: {
    title: 'Driver Support',
    heading: 'Driver support',
    description: 'Help for shuttle businesses using the marketplace.',
  },
  faq: {
    title: 'FAQ',
    heading: 'Frequently asked questions',
    description: 'Answers for riders and drivers.',
  },
  success: {
    title: 'Payment Successful',
    heading: 'Payment Successful',
    description: 'Thank you. Your payment went through and a confirmation e-mail is on its way.',
    links: [{ to: '/', label: 'Home' }],
  },
  driverBilling: {
    title: 'Driver Billing',
    heading: 'Driver billing',
    description: 'Your billing with the marketplace.',
  },
  testNotifications: {
    title: 'Test Notifications',
    heading: 'Test notifications and e-mail',
    description: 'Send yourself a test notification or e-mail.',
  },
  adminBooking: {
    title: 'Admin Booking Details',
    heading: 'Admin booking details',
    description: 'A booking as administrators see it.',
  },
  users: { title: 'Users', heading: 'Users', description: 'Everyone with an account.' },
} satisfies Record<string, SimplePageDef>;

export type SimplePageKey = keyof typeof SIMPLE_PAGES;

export function SimplePage({ page }: { page: SimplePageKey }) {
  const def: SimplePageDef = SIMPLE_PAGES[page];
  usePageMeta(def.title, def.description);
  return (
    <article className="max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900">{def.heading}</h1>
      <p className="mt-4 text-lg text-slate-700">{def.description}</p>
      {def.links && (
        <p className="mt-6 flex gap-4">
          {def.links.map((l) => (
            <Link key={l.to} to={l.to} className="font-semibold text-brand-dark underline underline-offset-4">
              {l.label}
            </Link>
          ))}
        </p>
      )}
    </article>
  );
}
