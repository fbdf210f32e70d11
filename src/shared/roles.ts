/**
 * Roles, permissions (SPEC §6) and route access lists (SPEC §2.3), defined once and read by the API
 * middleware, the web app's route guard and useRBAC.
 */
export const ROLES = ['admin', 'driver', 'customer', 'guest'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a stored account may hold (guest is the absence of an account). */
export const USER_TYPES = ['customer', 'driver', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** Roles public sign-up may create. Admins are only made by the create-admin command. */
export const SIGNUP_USER_TYPES = ['customer', 'driver'] as const;
export type SignupUserType = (typeof SIGNUP_USER_TYPES)[number];

export function roleOf(userType: unknown): Role {
  return typeof userType === 'string' && (ROLES as readonly string[]).includes(userType)
    ? (userType as Role)
    : 'guest';
}

const DRIVER_PERMISSIONS = [
  'manage_driver_profile',
  'manage_vehicle',
  'view_ride_requests',
  'submit_quotes',
  'manage_bookings',
  'view_own_profile',
  'edit_own_profile',
  'view_notifications',
] as const;
const CUSTOMER_PERMISSIONS = [
  'manage_customer_profile',
  'create_ride_requests',
  'view_quotes',
  'book_rides',
  'view_own_profile',
  'edit_own_profile',
  'view_notifications',
] as const;
const ADMIN_ONLY_PERMISSIONS = ['manage_users', 'manage_system', 'view_analytics'] as const;

export type Permission =
  | (typeof DRIVER_PERMISSIONS)[number]
  | (typeof CUSTOMER_PERMISSIONS)[number]
  | (typeof ADMIN_ONLY_PERMISSIONS)[number];

export const PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [...new Set([...ADMIN_ONLY_PERMISSIONS, ...DRIVER_PERMISSIONS, ...CUSTOMER_PERMISSIONS])],
  driver: DRIVER_PERMISSIONS,
  customer: CUSTOMER_PERMISSIONS,
  guest: ['view_own_profile'],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return PERMISSIONS[role].includes(permission);
}

/** Admin passes every role check; others pass only for their own role. */
export function hasRole(role: Role, required: Role | readonly Role[]): boolean {
  if (role === 'admin') return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.includes(role);
}
export const isDriverRole = (role: Role) => role === 'driver' || role === 'admin';
export const isCustomerRole = (role: Role) => role === 'customer' || role === 'admin';

/** Public routes of SPEC §2.2 (plus /test-page, the open debug page of §2.3). */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/password-auth',
  '/signup',
  '/signup/driver',
  '/signup/test',
  '/signup/test-driver',
  '/forgot-password',
  '/reset-password',
  // Issue 28: the link e-mailed to the old address when the account's address changed.
  '/undo-email-change',
  '/success',
  '/support',
  '/about',
  '/how-it-works',
  '/safety',
  '/careers',
  '/terms',
  '/privacy',
  '/cookie-policy',
  '/driver-agreement',
  '/compliance',
  '/driver-requirements',
  '/driver-support',
  '/driver-faq',
  '/faq',
  '/test-page',
] as const;

const CUSTOMER_ROUTES = [
  '/customer/*',
  '/dashboard',
  '/profile',
  '/settings',
  '/notifications',
  '/book-ride',
  '/ride-confirmation',
  '/edit-ride/*',
  '/driver-matching/*',
  '/booking/*',
  '/bookings',
  '/ride-history',
  '/my-quotes',
  '/ratings',
  '/help',
] as const;
const DRIVER_ROUTES = [
  '/driver/*',
  '/dashboard',
  '/profile',
  '/driver-profile',
  '/settings',
  '/notifications',
  '/available-rides',
  '/ride-history',
  '/driver-billing',
  '/driver-billing/*',
  // Issue 31: the driver's fare table (fixed prices booked at once).
  '/driver-fares',
  '/bookings',
  // Not in SPEC §2.3's driver list, but a driver must open the booking they hold (contacts, vehicle,
  // complete, rate): the marketplace issue requires it. The API still checks it is their booking.
  '/booking/*',
  '/ratings',
  '/help',
  // Issue 31: the driver's runs and the drive back.
  '/driver-runs',
] as const;
/** Signed-in pages every role may open (§2.3 lists them without a role). */
const SIGNED_IN_ROUTES = ['/schedule', '/test-notifications', '/test-email'] as const;
const ADMIN_ROUTES = [
  ...new Set([...CUSTOMER_ROUTES, ...DRIVER_ROUTES, '/admin/*', '/admin-dashboard', '/users']),
] as const;

/**
 * Pages a guest may open besides the public ones (issue 31: post first, sign up at the end). Unlike a public
 * page, a signed-in role still gets its own decision (a driver on /book-ride goes to the dashboard), and
 * the page is not in the sitemap.
 */
export const GUEST_OPEN_ROUTES = ['/book-ride'] as const;

export const ROUTE_ACCESS: Record<Role, readonly string[]> = {
  customer: [...CUSTOMER_ROUTES, ...SIGNED_IN_ROUTES],
  driver: [...DRIVER_ROUTES, ...SIGNED_IN_ROUTES],
  admin: [...ADMIN_ROUTES, ...SIGNED_IN_ROUTES],
  guest: [...PUBLIC_ROUTES, ...GUEST_OPEN_ROUTES],
};

/** A pattern ending in /* matches any path beginning with the prefix. */
export function matchesRoute(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return path === pattern;
}

function normalise(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  return clean.length > 1 && clean.endsWith('/') ? clean.slice(0, -1) : clean;
}

/**
 * Public pages with a parameter (issue 13: a verified driver's public page; issue 31: /runs, its search in
 * the address). Open to everyone like
 * PUBLIC_ROUTES, but rendered in the browser from the API and left out of the sitemap.
 */
export const PUBLIC_DYNAMIC_ROUTES = ['/drivers/*', '/runs'] as const;

export function isPublicRoute(path: string): boolean {
  const p = normalise(path);
  return [...PUBLIC_ROUTES, ...PUBLIC_DYNAMIC_ROUTES].some((r) => matchesRoute(r, p));
}

export function canAccessRoute(role: Role, path: string): boolean {
  const p = normalise(path);
  if (isPublicRoute(p)) return true;
  return ROUTE_ACCESS[role].some((r) => matchesRoute(r, p));
}

/**
 * Every page of the web app (src/web/app/routes.tsx, kept equal by tests/unit/seo.test.ts), with
 * react-router's `:param` segments. Any other path is not a page: the server answers it 404 with the
 * not-found page, and the route guard shows that page without redirecting anyone.
 */
export const APP_ROUTES = [
  ...PUBLIC_ROUTES,
  '/dashboard',
  '/schedule',
  '/profile',
  '/driver-profile',
  '/book-ride',
  '/ride-confirmation',
  '/edit-ride/:id',
  '/driver-matching/:id',
  '/booking/:id',
  '/bookings',
  '/driver-dashboard',
  '/users',
  '/admin',
  '/admin-dashboard',
  '/admin/audit',
  '/admin/users/:id',
  '/admin/bookings',
  '/admin/exports',
  '/admin/billing',
  '/admin/issues',
  '/admin/issues/:id',
  '/admin/bookings/:id',
  '/admin/verifications',
  '/admin/verifications/:id',
  '/admin/today',
  '/drivers/:id',
  '/available-rides',
  '/driver-billing',
  '/driver-billing/:id',
  '/settings',
  '/help',
  '/ride-history',
  '/ratings',
  '/notifications',
  '/my-quotes',
  /** The driver's own "My quotes" (issue 32); /my-quotes is the customer's. */
  '/driver/quotes',
  '/runs',
  '/driver-runs',
  '/driver-fares',
  '/test-notifications',
  '/test-email',
] as const;
/** Pages only a development build has. */
export const DEV_APP_ROUTES = ['/dev/mailbox'] as const;

/**
 * Whether a path is a page of the app. Like react-router: case-insensitive, a trailing slash ignored,
 * a `:param` is one non-empty segment.
 */
export function isAppRoute(path: string, opts: { dev?: boolean } = {}): boolean {
  const segments = normalise(path).toLowerCase().split('/');
  const patterns: readonly string[] = opts.dev ? [...APP_ROUTES, ...DEV_APP_ROUTES] : APP_ROUTES;
  return patterns.some((pattern) => {
    const parts = pattern.toLowerCase().split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** Where the guard sends a user who may not open a path (§2.3). */
export function homeFor(role: Role): string {
  switch (role) {
    case 'guest':
      return '/login';
    case 'admin':
      return '/admin-dashboard';
    case 'customer':
    case 'driver':
      return '/dashboard';
    default:
      return '/';
  }
}

/**
 * Role-specific redirects of the §2.3 route table, applied before the access check:
 * a page that exists for every role but shows another page to some of them.
 */
export function roleRedirect(role: Role, path: string): string | null {
  const p = normalise(path);
  if (p === '/admin') return '/admin-dashboard';
  if (role === 'driver' && p === '/profile') return '/driver-profile';
  if (role === 'customer' && p === '/driver-profile') return '/profile';
  if (role === 'customer' && p === '/driver-dashboard') return '/dashboard';
  if (role === 'driver' && p === '/my-quotes') return '/dashboard';
  return null;
}

/** The complete decision of the route guard for a signed-in role or a guest. */
export function guardDecision(role: Role, path: string): { allow: true } | { allow: false; to: string } {
  const redirect = roleRedirect(role, path);
  if (redirect) return { allow: false, to: redirect };
  const p = normalise(path);
  // /driver-dashboard is the driver dashboard under another name: drivers and admins may open it.
  if (p === '/driver-dashboard' && (role === 'driver' || role === 'admin')) return { allow: true };
  if (canAccessRoute(role, p)) return { allow: true };
  return { allow: false, to: homeFor(role) };
}
