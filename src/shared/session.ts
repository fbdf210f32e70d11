/** The signed-in user as GET /api/session returns it: the server builds it, the web app reads it. */
import type { Role } from './roles.ts';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  userType: string;
  role: Role;
  avatarUrl: string | null;
  phone: string | null;
  emailVerified: boolean;
  /** Two-factor sign-in is on (issue 14): required before an administrator may use the admin pages. */
  twoFactorEnabled: boolean;
  /**
   * This session was made with the second factor (issue 28). Administrator rights follow the session: an
   * administrator's session without it (made before two-factor was on) is refused like one without set-up.
   */
  secondFactor: boolean;
}
