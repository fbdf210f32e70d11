/**
 * Footer (SPEC §2.1): the drivers column only for drivers and admins; three social links; copyright year.
 * Also the accessibility settings, Log Issue (signed-in) and cookie settings as plain buttons: below 1280 px
 * these (and the Menu) are where the first two live, as nothing floats over the page (issue 12).
 */
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand/BrandMark.tsx';
import { openAccessibilitySettings } from '../../features/accessibility/settings.ts';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { useRBAC } from '../../features/auth/rbac.tsx';
import { openCookiePreferences } from '../../features/cookies/consent.ts';
import { config } from '../config.ts';
import { openIssueReport } from './focus.ts';
import { FOOTER_COLUMNS } from './nav.ts';

const FOOTER_BUTTON =
  'rounded-sm text-sm font-semibold text-brand-600 underline underline-offset-4 hover:text-brand-900';

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
] as const;

export function Footer() {
  const { isDriver } = useRBAC();
  const { user } = useAuth();
  const columns = isDriver
    ? [FOOTER_COLUMNS.about, FOOTER_COLUMNS.customers, FOOTER_COLUMNS.drivers, FOOTER_COLUMNS.legal]
    : [FOOTER_COLUMNS.about, FOOTER_COLUMNS.customers, FOOTER_COLUMNS.legal];
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      {/* Compact on a phone (issue 18): the brand line, the columns two by two, one row of small print. */}
      <div className="mx-auto grid max-w-7xl gap-x-8 gap-y-6 px-4 py-6 sm:py-8 lg:grid-cols-[1.2fr_3fr] lg:py-10">
        <div className="max-w-xs">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-brand-900">
            <BrandMark className="h-8 w-8" />
            {config.brandName}
          </Link>
          <p className="mt-2 text-sm text-slate-700">
            Pre-booked shuttles around Port Stephens, quoted by registered local operators.
          </p>
        </div>
        <div
          data-testid="footer-columns"
          data-columns={columns.length}
          className={`grid grid-cols-2 gap-x-6 gap-y-6 ${columns.length === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}
        >
          {columns.map((col) => (
            <nav key={col.title} aria-label={col.title}>
              <h2 className="text-xs font-bold uppercase tracking-wide text-slate-700">{col.title}</h2>
              <ul className="mt-2 space-y-1">
                {col.links.map((l) => (
                  <li key={l.to}>
                    {/* 24 px tall at least: a comfortable target in a dense list (WCAG 2.5.8). */}
                    <Link
                      to={l.to}
                      className="inline-block py-0.5 text-sm text-slate-700 underline-offset-4 hover:text-brand-600 hover:underline"
                    >
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
          <ul aria-label="Help and settings" className="flex flex-wrap gap-x-5 gap-y-2">
            {/* On wide screens these two are in the header instead. */}
            <li className="xl:hidden">
              {/* "Accessibility" shown, the full name read: the row stays one line on a 390 px phone, even in
                  wide fonts (DejaVu Sans), and the visible word is part of the accessible name (WCAG 2.5.3). */}
              <button
                type="button"
                aria-label="Accessibility settings"
                className={FOOTER_BUTTON}
                data-opens="accessibility-settings"
                onClick={(e) => openAccessibilitySettings(e.currentTarget)}
              >
                Accessibility
              </button>
            </li>
            {user && !user.isTest && (
              <li className="xl:hidden">
                <button
                  type="button"
                  className={FOOTER_BUTTON}
                  onClick={(e) => openIssueReport(e.currentTarget)}
                >
                  Log Issue
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                className={FOOTER_BUTTON}
                data-opens="cookie-preferences"
                onClick={() => openCookiePreferences()}
              >
                Cookie settings
              </button>
            </li>
          </ul>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <p className="text-sm text-slate-700">
              © {new Date().getFullYear()} {config.brandName}. All rights reserved.
            </p>
            <ul className="flex gap-4" aria-label="Social media">
              {SOCIAL.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-sm text-slate-700 hover:text-brand-600"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
