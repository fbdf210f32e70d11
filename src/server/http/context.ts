import type { Role } from '../../shared/roles.ts';
import type { Auth } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../services/mail.ts';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  userType: string;
  role: Role;
  avatarUrl: string | null;
  phone: string | null;
  emailVerified: boolean;
}

export interface Deps {
  db: Db;
  env: Env;
  auth: Auth;
  mailer: Mailer;
}

export interface AppBindings {
  Variables: {
    deps: Deps;
    requestId: string;
    ip: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
}
