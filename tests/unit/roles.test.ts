import { describe, expect, it } from 'vitest';
import {
  canAccessRoute,
  guardDecision,
  hasPermission,
  hasRole,
  homeFor,
  isCustomerRole,
  isDriverRole,
  isPublicRoute,
  matchesRoute,
  PERMISSIONS,
  type Permission,
  PUBLIC_ROUTES,
  ROLES,
  type Role,
  roleOf,
} from '../../src/shared/roles.ts';

const ALLOW = { allow: true } as const;
const to = (path: string) => ({ allow: false, to: path }) as const;

describe('roleOf', () => {
  it.each([
    ['admin', 'admin'],
    ['driver', 'driver'],
    ['customer', 'customer'],
    ['guest', 'guest'],
  ])('maps user_type %s to role %s', (userType, role) => {
    expect(roleOf(userType)).toBe(role);
  });

  it.each([[undefined], [null], [''], ['superuser'], ['Admin'], ['ADMIN'], [42], [{ role: 'admin' }]])(
    'maps %j (no or unknown user_type) to guest',
    (userType) => {
      expect(roleOf(userType)).toBe('guest');
    },
  );
});

describe('guardDecision (SPEC §2.3 route table)', () => {
  // [role, path, expected decision]
  const table: [Role, string, ReturnType<typeof guardDecision>][] = [
    // Denied: a guest goes to /login, customer/driver to /dashboard, admin to /admin-dashboard.
    ['guest', '/dashboard', to('/login')],
    ['guest', '/profile', to('/login')],
    ['guest', '/settings', to('/login')],
    ['guest', '/users', to('/login')],
    ['guest', '/admin-dashboard', to('/login')],
    ['guest', '/edit-ride/123', to('/login')],
    ['guest', '/schedule', to('/login')],
    ['guest', '/test-email', to('/login')],
    ['customer', '/users', to('/dashboard')],
    ['customer', '/available-rides', to('/dashboard')],
    ['customer', '/driver-billing', to('/dashboard')],
    ['customer', '/admin-dashboard', to('/dashboard')],
    ['customer', '/admin/bookings/7', to('/dashboard')],
    ['customer', '/driver/anything', to('/dashboard')],
    ['driver', '/users', to('/dashboard')],
    ['driver', '/admin-dashboard', to('/dashboard')],
    ['driver', '/admin/bookings/7', to('/dashboard')],
    ['driver', '/book-ride', to('/dashboard')],
    ['driver', '/customer/anything', to('/dashboard')],
    ['admin', '/no-such-page', to('/admin-dashboard')],
    // Role-specific redirects.
    ['driver', '/profile', to('/driver-profile')],
    ['customer', '/driver-profile', to('/profile')],
    ['customer', '/driver-dashboard', to('/dashboard')],
    ['driver', '/my-quotes', to('/dashboard')],
    ['admin', '/admin', to('/admin-dashboard')],
    ['customer', '/admin', to('/admin-dashboard')],
    ['guest', '/admin', to('/admin-dashboard')],
    // Wildcards: a prefix entry matches any path under it.
    ['customer', '/edit-ride/123', ALLOW],
    ['customer', '/driver-matching/abc', ALLOW],
    ['customer', '/booking/9', ALLOW],
    ['customer', '/customer/trips/1', ALLOW],
    ['driver', '/edit-ride/123', to('/dashboard')],
    ['driver', '/driver/vehicle', ALLOW],
    // Issue 32: the driver's "My quotes" is their quotes list, not the dashboard.
    ['driver', '/driver/quotes', ALLOW],
    ['customer', '/driver/quotes', to('/dashboard')],
    // Allowed by the access lists.
    ['customer', '/dashboard', ALLOW],
    ['customer', '/profile', ALLOW],
    ['customer', '/my-quotes', ALLOW],
    ['customer', '/book-ride', ALLOW],
    ['customer', '/schedule', ALLOW],
    ['driver', '/dashboard', ALLOW],
    ['driver', '/driver-profile', ALLOW],
    ['driver', '/available-rides', ALLOW],
    ['driver', '/driver-billing', ALLOW],
    ['driver', '/driver-dashboard', ALLOW],
    ['driver', '/bookings', ALLOW],
    ['driver', '/booking/9', ALLOW],
    // Query strings, fragments and a trailing slash do not change the decision.
    ['customer', '/users?tab=all', to('/dashboard')],
    ['driver', '/profile/', to('/driver-profile')],
    ['customer', '/edit-ride/123#top', ALLOW],
  ];

  it.each(table)('%s opening %s', (role, path, expected) => {
    expect(guardDecision(role, path)).toEqual(expected);
  });

  const adminPaths = [
    '/dashboard',
    '/profile',
    '/driver-profile',
    '/driver-dashboard',
    '/users',
    '/admin-dashboard',
    '/admin/bookings/42',
    '/available-rides',
    '/driver-billing',
    '/my-quotes',
    '/edit-ride/1',
    '/driver-matching/1',
    '/booking/1',
    '/customer/x',
    '/driver/x',
    '/settings',
    '/notifications',
    '/ratings',
    '/help',
    '/schedule',
    '/test-notifications',
  ];
  it.each(adminPaths)('admin may open %s', (path) => {
    expect(guardDecision('admin', path)).toEqual(ALLOW);
  });

  it.each(PUBLIC_ROUTES.map((p) => [p]))('public route %s is open to every role', (path) => {
    for (const role of ROLES) {
      expect(guardDecision(role, path), `${role} on ${path}`).toEqual(ALLOW);
    }
  });

  it('covers the public list of SPEC §2.2', () => {
    for (const p of [
      '/',
      '/login',
      '/password-auth',
      '/signup',
      '/signup/driver',
      '/signup/test',
      '/signup/test-driver',
      '/forgot-password',
      '/reset-password',
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
    ]) {
      expect(isPublicRoute(p), p).toBe(true);
    }
    expect(isPublicRoute('/dashboard')).toBe(false);
    expect(isPublicRoute('/signup/driver/extra')).toBe(false);
  });
});

describe('route helpers', () => {
  it('homeFor sends each role to its landing page', () => {
    expect(homeFor('guest')).toBe('/login');
    expect(homeFor('customer')).toBe('/dashboard');
    expect(homeFor('driver')).toBe('/dashboard');
    expect(homeFor('admin')).toBe('/admin-dashboard');
  });

  it('matchesRoute: wildcard matches the prefix and below, not a longer name', () => {
    expect(matchesRoute('/edit-ride/*', '/edit-ride/123')).toBe(true);
    expect(matchesRoute('/edit-ride/*', '/edit-ride/123/extra')).toBe(true);
    expect(matchesRoute('/edit-ride/*', '/edit-ride')).toBe(true);
    expect(matchesRoute('/edit-ride/*', '/edit-rides')).toBe(false);
    expect(matchesRoute('/admin/*', '/admin-dashboard')).toBe(false);
    expect(matchesRoute('/dashboard', '/dashboard')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard/x')).toBe(false);
  });

  it('canAccessRoute: guests only reach public routes', () => {
    expect(canAccessRoute('guest', '/about')).toBe(true);
    expect(canAccessRoute('guest', '/dashboard')).toBe(false);
    expect(canAccessRoute('customer', '/users')).toBe(false);
    expect(canAccessRoute('admin', '/users')).toBe(true);
  });
});

describe('hasPermission (SPEC §6)', () => {
  const driver: Permission[] = [
    'manage_driver_profile',
    'manage_vehicle',
    'view_ride_requests',
    'submit_quotes',
    'manage_bookings',
    'view_own_profile',
    'edit_own_profile',
    'view_notifications',
  ];
  const customer: Permission[] = [
    'manage_customer_profile',
    'create_ride_requests',
    'view_quotes',
    'book_rides',
    'view_own_profile',
    'edit_own_profile',
    'view_notifications',
  ];
  const adminOnly: Permission[] = ['manage_users', 'manage_system', 'view_analytics'];
  const all: Permission[] = [...new Set([...adminOnly, ...driver, ...customer])];

  const expected: Record<Role, Permission[]> = {
    admin: all,
    driver,
    customer,
    guest: ['view_own_profile'],
  };

  const cases = ROLES.flatMap((role) => all.map((p) => [role, p, expected[role].includes(p)] as const));
  it.each(cases)('%s has %s: %s', (role, permission, granted) => {
    expect(hasPermission(role, permission)).toBe(granted);
  });

  it.each(ROLES.map((r) => [r]))('PERMISSIONS[%s] is exactly the spec list', (role) => {
    expect([...PERMISSIONS[role]].sort()).toEqual([...expected[role]].sort());
  });
});

describe('hasRole and role flags', () => {
  it('admin passes every role check; others only their own', () => {
    for (const required of ROLES) expect(hasRole('admin', required)).toBe(true);
    expect(hasRole('driver', 'driver')).toBe(true);
    expect(hasRole('driver', 'customer')).toBe(false);
    expect(hasRole('driver', 'admin')).toBe(false);
    expect(hasRole('customer', ['driver', 'customer'])).toBe(true);
    expect(hasRole('customer', ['driver'])).toBe(false);
    expect(hasRole('guest', ['customer', 'driver'])).toBe(false);
  });

  it('driver flag: drivers and admins; customer flag: customers and admins', () => {
    expect(ROLES.filter(isDriverRole).sort()).toEqual(['admin', 'driver']);
    expect(ROLES.filter(isCustomerRole).sort()).toEqual(['admin', 'customer']);
  });
});
