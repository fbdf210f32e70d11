/** Navigation and footer links of SPEC §2.1, defined once for the header, the slide-out menu and the footer. */
/** A header or menu link. */
export type NavItem = { readonly to: string; readonly label: string };

export const PUBLIC_NAV = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/safety', label: 'Safety' },
  { to: '/support', label: 'Support' },
] as const;

export const SIGNED_IN_NAV = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/profile', label: 'Profile' },
  { to: '/settings', label: 'Settings' },
] as const;

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
