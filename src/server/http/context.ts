/** What every request handler gets: the app's dependencies (Deps) and the per-request variables. */
import type { SessionUser } from '../../shared/session.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionCache } from '../auth/session-cache.ts';
import type { Database, Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Later } from '../services/later.ts';
import type { Mailer } from '../services/mail.ts';
import type { RealtimeHub } from '../services/realtime.ts';

export type { SessionUser };

export interface Deps {
  db: Db;
  /** Live events to open browsers (Server-Sent Events fed by LISTEN/NOTIFY). */
  hub: RealtimeHub;
  env: Env;
  auth: Auth;
  mailer: Mailer;
  /** Work done after the response is sent (services/later.ts). */
  later: Later;
  /** Verified sessions in memory (auth/session-cache.ts). */
  sessions: SessionCache;
  /** LISTEN on a channel (db/client.ts): for what a domain module keeps in memory (the board). */
  listen: Database['listen'];
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
