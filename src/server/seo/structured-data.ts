/**
 * schema.org structured data (JSON-LD) for the public pages, SPEC §2.1 and issue 5: a Service (area served
 * New South Wales, indicative price per km), FAQPage, HowTo, AboutPage and ContactPage (support hours).
 */
import { PRICE_PER_KM_AUD, SUPPORT_HOURS } from '../../shared/constants.ts';
import { FAQ_ENTRIES, HOW_IT_WORKS_STEPS } from '../../shared/public-content.ts';
import { publicPageMeta } from './pages.ts';

/** The settings the metadata needs (a subset of Env, so tests can pass plain values). */
export interface SiteInfo {
  brandName: string;
  /** Absolute origin without a trailing slash, e.g. https://shuttlequote.com.au */
  appUrl: string;
  supportEmail: string;
  driversEmail: string;
  supportPhone: string;
}

type JsonLd = Record<string, unknown>;

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
  (d) => `https://schema.org/${d}`,
);

function organization(site: SiteInfo): JsonLd {
  return {
    '@type': 'Organization',
    name: site.brandName,
    url: `${site.appUrl}/`,
    email: site.supportEmail,
    ...(site.supportPhone ? { telephone: site.supportPhone } : {}),
  };
}

function contactPoint(site: SiteInfo, contactType: string, email: string): JsonLd {
  return {
    '@type': 'ContactPoint',
    contactType,
    email,
    ...(site.supportPhone ? { telephone: site.supportPhone } : {}),
    areaServed: 'AU',
    availableLanguage: 'English',
    hoursAvailable: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: WEEKDAYS,
      opens: SUPPORT_HOURS.open,
      closes: SUPPORT_HOURS.close,
    },
  };
}

function service(site: SiteInfo): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: `${site.brandName} pre-booked shuttle rides`,
    serviceType: 'Pre-booked shuttle transport',
    description:
      'A marketplace for pre-booked shuttle rides: riders post a trip and registered local shuttle businesses quote for it. Launching in Port Stephens, NSW.',
    url: `${site.appUrl}/`,
    provider: organization(site),
    areaServed: {
      '@type': 'State',
      name: 'New South Wales',
      containedInPlace: { '@type': 'Country', name: 'Australia' },
    },
    offers: {
      '@type': 'Offer',
      description: 'Indicative fare; each shuttle business sets its own price in its quote.',
      priceCurrency: 'AUD',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: PRICE_PER_KM_AUD,
        priceCurrency: 'AUD',
        unitCode: 'KMT',
        unitText: 'km',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KMT' },
      },
    },
  };
}

/** The JSON-LD blocks of one public page (possibly none). */
export function structuredData(path: string, site: SiteInfo): JsonLd[] {
  const meta = publicPageMeta(path);
  if (!meta) return [];
  const url = `${site.appUrl}${path === '/' ? '/' : path}`;
  switch (path) {
    case '/':
      return [service(site)];
    case '/faq':
    case '/driver-faq':
      return [
        {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          name: meta.heading,
          url,
          mainEntity: FAQ_ENTRIES.map((e) => ({
            '@type': 'Question',
            name: e.question,
            acceptedAnswer: { '@type': 'Answer', text: e.answer },
          })),
        },
      ];
    case '/how-it-works':
      return [
        {
          '@context': 'https://schema.org',
          '@type': 'HowTo',
          name: `How to book a shuttle with ${site.brandName}`,
          description: meta.description,
          url,
          step: HOW_IT_WORKS_STEPS.map((s, i) => ({
            '@type': 'HowToStep',
            position: i + 1,
            name: s.name,
            text: s.text,
          })),
        },
        service(site),
      ];
    case '/about':
      return [
        {
          '@context': 'https://schema.org',
          '@type': 'AboutPage',
          name: meta.heading,
          description: meta.description,
          url,
          about: organization(site),
        },
      ];
    case '/support':
    case '/driver-support': {
      const drivers = path === '/driver-support';
      return [
        {
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: meta.heading,
          description: meta.description,
          url,
          mainEntity: {
            ...organization(site),
            contactPoint: contactPoint(
              site,
              drivers ? 'driver support' : 'customer support',
              drivers ? site.driversEmail : site.supportEmail,
            ),
          },
        },
      ];
    }
    default:
      return [];
  }
}

/**
 * JSON for a <script type="application/ld+json"> block: '<', '>' and '&' become \u escapes so no value
 * can close the script element or open a comment; U+2028/2029 too, for old parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
