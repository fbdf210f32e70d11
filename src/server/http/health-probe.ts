/**
 * GET /api/health answered before the app (issue 34): liveness probes come every few seconds from every
 * load balancer and orchestrator, and their answer never changes within a process. The first probe goes
 * through the app's whole chain (security headers, X-Worker, Cache-Control: whatever the app gives every
 * answer); its headers are kept, and every later probe is written with them straight from Node's request
 * event, before Hono builds a Request, matches 150 routes and runs middleware (issue 17: /api/health cost
 * 4 times a bare Hono answer; with Hono's dispatch still in the way it reached 50-54% of a hello-world).
 * /api/ready is not answered here: it asks the database and the shutdown state on every call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** Answers a request from Node's own objects and says true, or says false and leaves it to the app. */
export type NodeAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

export const HEALTH_PATH = '/api/health';

export class HealthProbe {
  /** The answer's body, the same for every probe of this process. */
  readonly body: string;
  private readonly bytes: Buffer;
  /** The first 200's headers (its request id left out, it is per request), once it has been answered. */
  private headers: Record<string, string> | undefined;

  constructor(databaseKind: string) {
    this.body = JSON.stringify({ ok: true, database: databaseKind });
    this.bytes = Buffer.from(this.body);
  }

  /**
   * First in the app's chain for GET /api/health: lets the first probe through and keeps its headers; a
   * probe that reaches the app later (through a server started without `answer`) gets them at once.
   */
  learn(): MiddlewareHandler {
    return async (c, next) => {
      if (this.headers) return new Response(this.body, { status: 200, headers: this.headers });
      await next();
      if (c.res.status !== 200) return;
      const kept: Record<string, string> = {};
      c.res.headers.forEach((value, name) => {
        if (name !== 'x-request-id') kept[name] = value;
      });
      // Said here, as Node would not once writeHead has been called (it would send the body chunked).
      kept['content-length'] = String(this.bytes.length);
      this.headers = kept;
    };
  }

  /**
   * For the server's request event: a plain GET of the path (no query: those still go through the app),
   * once the headers are known. Headers the server set already (Connection: close while draining) stay.
   */
  readonly answer: NodeAnswer = (req, res) => {
    if (!this.headers || req.url !== HEALTH_PATH || req.method !== 'GET') return false;
    res.writeHead(200, this.headers);
    res.end(this.bytes);
    return true;
  };
}
