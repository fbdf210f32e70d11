/** useRBAC: the signed-in role's permissions and route access, from the definitions in src/shared/roles.ts. */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { UI_TEXT } from '../../../shared/messages.ts';
import {
  canAccessRoute,
  hasPermission,
  hasRole,
  isCustomerRole,
  isDriverRole,
  type Permission,
  type Role,
} from '../../../shared/roles.ts';
import { useAuth } from './AuthProvider.tsx';

interface RBAC {
  role: Role;
  isAdmin: boolean;
  isDriver: boolean;
  isCustomer: boolean;
  hasPermission: (p: Permission) => boolean;
  hasRole: (r: Role | readonly Role[]) => boolean;
  canAccess: (path: string) => boolean;
}

const RBACContext = createContext<RBAC | null>(null);

export function RBACProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const role: Role = user?.role ?? 'guest';
  const value = useMemo<RBAC>(
    () => ({
      role,
      isAdmin: role === 'admin',
      isDriver: isDriverRole(role),
      isCustomer: isCustomerRole(role),
      hasPermission: (p) => hasPermission(role, p),
      hasRole: (r) => hasRole(role, r),
      canAccess: (path) => canAccessRoute(role, path),
    }),
    [role],
  );
  return <RBACContext.Provider value={value}>{children}</RBACContext.Provider>;
}

export function useRBAC(): RBAC {
  const ctx = useContext(RBACContext);
  if (!ctx) throw new Error(UI_TEXT.rbacOutsideProvider);
  return ctx;
}
