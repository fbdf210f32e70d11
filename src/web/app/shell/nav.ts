/**
 * Navigation and footer links of SPEC §2.1, defined once for the header, the slide-out menu and the footer.
 * The signed-in links depend on the role (issue 12): each role gets its own working set, and every link is
 * checked against the role's route access list in src/shared/roles.ts, so no role is ever shown a link the
 * route guard would turn away.
 */
import { guardDecision, type Role } from '../../../shared/roles.ts';

/** A header or menu link. */
export type NavItem = {
  readonly to: string;
  readonly label: string;
  /** Also in the avatar menu, so the wide header leaves it out (the phone menu shows it). */
  readonly inAccountMenu?: boolean;
  /** In the wide header's "More" menu, so the row fits at 1280 px (issue 32; the phone menu lists it). */
  readonly inMore?: boolean;
};

export const PUBLIC_NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/safety', label: 'Safety' },
  { to: '/support', label: 'Support' },
] as const;

/**
 * The signed-in links per role, in order of use. A driver's 'My quotes' is /driver/quotes, every quote they
 * sent (/my-quotes is the customer's page, SPEC §2.3).
 */
const ROLE_NAV: Record<Exclude<Role, 'guest'>, readonly NavItem[]> = {
  customer: [
    { to: '/book-ride', label: 'Book a ride' },
    { to: '/dashboard', label: 'My trips' },
    { to: '/my-quotes', label: 'My quotes' },
    { to: '/bookings', label: 'Bookings' },
    { to: '/profile', label: 'Profile', inAccountMenu: true },
    { to: '/settings', label: 'Settings', inAccountMenu: true },
  ],
  driver: [
    { to: '/available-rides', label: 'Available rides' },
    { to: '/driver/quotes', label: 'My quotes' },
    { to: '/bookings', label: 'Bookings' },
    { to: '/driver-runs', label: 'My runs', inMore: true },
    { to: '/driver-fares', label: 'Fixed prices', inMore: true },
    { to: '/driver-profile', label: 'Driver profile', inAccountMenu: true },
    { to: '/driver-billing', label: 'Billing', inAccountMenu: true },
    { to: '/settings', label: 'Settings', inAccountMenu: true },
  ],
  admin: [
    { to: '/admin-dashboard', label: 'Admin dashboard' },
    { to: '/admin/today', label: "Today's trips", inMore: true },
    { to: '/admin/verifications', label: 'Verifications', inMore: true },
    { to: '/admin/bookings', label: 'Bookings' },
    { to: '/users', label: 'Users' },
    { to: '/admin/issues', label: 'Issues', inMore: true },
    { to: '/admin/audit', label: 'Audit log', inMore: true },
    { to: '/admin/billing', label: 'Billing', inMore: true },
    { to: '/admin/exports', label: 'Exports', inMore: true },
    { to: '/available-rides', label: 'Available rides', inMore: true },
    { to: '/profile', label: 'Profile', inAccountMenu: true },
    { to: '/settings', label: 'Settings', inAccountMenu: true },
  ],
};

/** The role's own links (none for guests), each one the guard lets that role open. */
export function roleNav(role: Role): readonly NavItem[] {
  if (role === 'guest') return [];
  return ROLE_NAV[role].filter((item) => guardDecision(role, item.to).allow);
}

export const FOOTER_COLUMNS = {
  about: {
    title: 'About Us',
    links: [
      { to: '/about', label: 'About' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/safety', label: 'Safety' },
    ],
  },
  customers: {
    title: 'For Customers',
    links: [
      { to: '/book-ride', label: 'Book a Ride' },
      { to: '/ride-history', label: 'Ride History' },
      { to: '/support', label: 'Support' },
      { to: '/faq', label: 'FAQ' },
    ],
  },
  drivers: {
    title: 'For Drivers',
    links: [
      { to: '/signup/driver', label: 'Become a Driver' },
      { to: '/driver-requirements', label: 'Driver Requirements' },
      { to: '/driver-support', label: 'Driver Support' },
      { to: '/driver-faq', label: 'Driver FAQ' },
    ],
  },
  legal: {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/compliance', label: 'Compliance' },
    ],
  },
} as const;
