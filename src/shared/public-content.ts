/**
 * The public site's facts as data (SPEC §1, §2.2, §2.4, issue 5): each public page's title, description
 * and heading, the FAQ entries and the three how-it-works steps. The pages render these (in the browser
 * and on the server, ADR 010) and the server's metadata and JSON-LD read the same values, so the HTML a
 * crawler sees and the page a person sees cannot disagree. The brand name is not written here: it comes from the settings.
 */
import { PRICE_PER_KM_AUD, SUPPORT_HOURS } from './constants.ts';

export interface PublicPageMeta {
  /** The title before " | Brand". */
  title: string;
  /** The meta description (also Open Graph and Twitter). */
  description: string;
  /** The page's single h1. */
  heading: string;
}

export const SUPPORT_HOURS_TEXT = `${SUPPORT_HOURS.days}, ${SUPPORT_HOURS.open} to ${SUPPORT_HOURS.close} (Sydney time)`;
export const REPLY_AIM_TEXT = `We aim to reply within ${SUPPORT_HOURS.replyWithinHours} hours on business days.`;
export const PRICE_TEXT = `about $${PRICE_PER_KM_AUD.toFixed(2)} per kilometre`;

/** The towns and places the Port Stephens launch serves, in the order the copy names them. */
export const LAUNCH_AREAS = [
  'Nelson Bay',
  'Shoal Bay',
  'Anna Bay',
  'Fingal Bay',
  'Salamander Bay',
  'Medowie',
  'Raymond Terrace',
  'Williamtown',
  'Newcastle Airport',
] as const;

export const PUBLIC_PAGES = {
  '/': {
    title: 'Pre-booked shuttle rides in Port Stephens',
    description:
      'Post your trip, compare quotes from registered Port Stephens shuttle businesses, book the one that suits you and pay your driver directly.',
    heading: 'Pre-booked shuttle rides, quoted by local drivers',
  },
  '/about': {
    title: 'About',
    description:
      'Who we are and why we are building a fairer shuttle marketplace for Port Stephens riders and small local shuttle businesses.',
    heading: 'About us',
  },
  '/how-it-works': {
    title: 'How It Works',
    description:
      'Post your trip, compare quotes from registered local shuttle businesses, book one and pay your driver directly. Three steps, no platform fees for riders.',
    heading: 'How it works',
  },
  '/safety': {
    title: 'Safety',
    description:
      'What drivers on our marketplace must hold, what riders should check before and during a trip, and how to report a problem.',
    heading: 'Safety',
  },
  '/careers': {
    title: 'Careers',
    description:
      'Work with us on transport that is easier and cheaper for Port Stephens, and how to get in touch if you would like to help.',
    heading: 'Careers',
  },
  '/support': {
    title: 'Support',
    description: `Contact our support team, ${SUPPORT_HOURS_TEXT}. ${REPLY_AIM_TEXT}`,
    heading: 'Support',
  },
  '/driver-requirements': {
    title: 'Driver Requirements',
    description:
      'What a shuttle business needs before quoting: NSW point-to-point authorisation, insurance, and a safe, registered vehicle.',
    heading: 'Driver requirements',
  },
  '/driver-support': {
    title: 'Driver Support',
    description: `Help for shuttle businesses using the marketplace: send us a request, ${SUPPORT_HOURS_TEXT}.`,
    heading: 'Driver support',
  },
  '/faq': {
    title: 'FAQ',
    description:
      'Answers for riders and drivers: quotes, fares, payment, cancellations, safety and what drivers need to join.',
    heading: 'Frequently asked questions',
  },
  '/driver-faq': {
    title: 'FAQ',
    description:
      'Answers for riders and drivers: quotes, fares, payment, cancellations, safety and what drivers need to join.',
    heading: 'Frequently asked questions',
  },
  '/compliance': {
    title: 'Compliance',
    description:
      'How the marketplace and the shuttle businesses on it meet the NSW point-to-point transport rules.',
    heading: 'Compliance',
  },
  '/driver-agreement': {
    title: 'Driver Agreement',
    description:
      'The agreement between shuttle businesses and the marketplace: quoting, honouring bookings, fares and conduct.',
    heading: 'Driver Agreement',
  },
  '/terms': {
    title: 'Terms of Service',
    description:
      'The plain-English terms for using the marketplace that connects riders with independent shuttle operators.',
    heading: 'Terms of Service',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'Exactly what we store about you, in your browser and in our database, why, and the cookie choices you have.',
    heading: 'Privacy Policy',
  },
  '/cookie-policy': {
    title: 'Privacy Policy',
    description:
      'Exactly what we store about you, in your browser and in our database, why, and the cookie choices you have.',
    heading: 'Privacy Policy',
  },
  '/success': {
    title: 'Payment Successful',
    description: 'Thank you. Your payment went through and a confirmation e-mail is on its way.',
    heading: 'Payment Successful',
  },
} as const satisfies Record<string, PublicPageMeta>;

export type PublicPath = keyof typeof PUBLIC_PAGES;

export interface HowItWorksStep {
  name: string;
  text: string;
  /** Its drawing, public/illustrations/<picture>.svg (docs/DESIGN.md). */
  picture: string;
}

/** SPEC §2.4's three steps (also the HowTo structured data on /how-it-works). */
export const HOW_IT_WORKS_STEPS: HowItWorksStep[] = [
  {
    name: 'Post your trip',
    text: 'Tell us the pickup, destination, date and time, how many passengers, your luggage and your budget. Posting a trip is free and does not commit you to anything.',
    picture: 'step-post',
  },
  {
    name: 'Compare quotes',
    text: 'Registered local shuttle businesses see your request and send you a quote. Compare the fares, the companies and their ratings from other riders.',
    picture: 'step-compare',
  },
  {
    name: 'Book and ride',
    text: 'Book the quote that suits you. You then see the company, the vehicle and its registration, and you pay the driver directly. The fare you agreed is the most you pay.',
    picture: 'step-ride',
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
  audience: 'riders' | 'drivers';
}

/** The FAQ page's entries (also the FAQPage structured data). */
export const FAQ_ENTRIES: FaqEntry[] = [
  {
    audience: 'riders',
    question: 'How do I book a shuttle?',
    answer:
      'Create a free account, post your trip with the pickup, destination, date, time, passengers and luggage, and wait for quotes from local shuttle businesses. When a quote suits you, book it. You see the company and the vehicle details as soon as the booking is made.',
  },
  {
    audience: 'riders',
    question: 'How much does a ride cost?',
    answer: `Each shuttle business sets its own fare in its quote. As a guide, fares are ${PRICE_TEXT}, but the quote is what counts. The fare shown when you book is the most you can be asked to pay for that trip.`,
  },
  {
    audience: 'riders',
    question: 'How do I pay?',
    answer:
      'You pay the driver directly, in the way you agree with them. We do not take payment and we do not charge riders a booking fee.',
  },
  {
    audience: 'riders',
    question: 'Which areas do you serve?',
    answer: `We are launching in Port Stephens, NSW: ${LAUNCH_AREAS.slice(0, -1).join(', ')} and ${LAUNCH_AREAS[LAUNCH_AREAS.length - 1]}, and trips from there to Newcastle and beyond. Any trip within New South Wales can be posted; whether you get quotes depends on the local businesses.`,
  },
  {
    audience: 'riders',
    question: 'How far ahead should I book?',
    answer:
      'The service is for pre-booked rides, not hailing a car on the spot. Post your trip as early as you can, especially for early-morning airport transfers and weekends in summer, so that businesses have time to quote.',
  },
  {
    audience: 'riders',
    question: 'Can I change or cancel a trip?',
    answer:
      'You can edit or cancel a trip request before you book a quote. After booking, cancel in the app as early as possible and let your driver know, so they can offer the time to someone else.',
  },
  {
    audience: 'riders',
    question: 'How do I know the driver is who they say they are?',
    answer:
      'After you book, the booking page shows the company and the vehicle make, model, colour and registration. Check them before you get in. Every business must hold NSW point-to-point authorisation to quote.',
  },
  {
    audience: 'riders',
    question: 'Something went wrong on my trip. What do I do?',
    answer: `If you are in danger, call 000. Otherwise report it with the Log Issue button when you are signed in, or contact support (${SUPPORT_HOURS_TEXT}). ${REPLY_AIM_TEXT}`,
  },
  {
    audience: 'drivers',
    question: 'Who can quote for trips?',
    answer:
      'Shuttle and hire vehicle businesses that hold an authorisation from the NSW Point to Point Transport Commission, with current insurance and safe, registered vehicles. We ask for your BSP (booking service provider) authorisation number when you sign up.',
  },
  {
    audience: 'drivers',
    question: 'How do I get paid?',
    answer:
      'The rider pays you directly, in the way you agree with them. You may not charge more than the fare in the quote the rider booked.',
  },
  {
    audience: 'drivers',
    question: 'Can I fill an empty return trip?',
    answer:
      'Yes. Look through the available rides for trips that match your return journey, for example back from Newcastle Airport to Nelson Bay, and quote for them. An empty return leg becomes a paid ride.',
  },
  {
    audience: 'drivers',
    question: 'How are ratings used?',
    answer:
      'After a trip, riders rate drivers and drivers rate riders. Riders see your ratings when they compare quotes, so reliable service wins more bookings.',
  },
];
