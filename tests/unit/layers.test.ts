/**
 * The layer check (scripts/check-layers.ts, issue 29) catches what it is for: an import up a layer, the web
 * app reaching into the server, the server reaching into the web app outside the wiring, and a circle. And
 * today's src/ passes it (npm test also runs the script itself).
 */
import { describe, expect, it } from 'vitest';
import { type Arrow, circles, layerOf, layerViolations, readArrows } from '../../scripts/check-layers.ts';

const arrow = (from: string, to: string, typeOnly = false): Arrow => ({ from, to, typeOnly });

describe('the layer check', () => {
  it('places each folder in its layer', () => {
    expect(layerOf('shared/messages.ts')?.name).toBe('shared');
    expect(layerOf('server/services/mail.ts')?.name).toBe('infrastructure');
    expect(layerOf('server/db/client.ts')?.name).toBe('infrastructure');
    expect(layerOf('server/modules/quotes/routes.ts')?.name).toBe('domain');
    expect(layerOf('server/jobs/sweep.ts')?.name).toBe('jobs');
    expect(layerOf('server/app.ts')?.name).toBe('wiring');
    expect(layerOf('web/main.tsx')?.name).toBe('web');
  });

  it('refuses an import up a layer, and allows one down', () => {
    expect(
      layerViolations([arrow('server/services/sweep.ts', 'server/modules/notifications/service.ts')]),
    ).toEqual([
      'server/services/sweep.ts (infrastructure) imports server/modules/notifications/service.ts (domain)',
    ]);
    expect(layerViolations([arrow('server/modules/rides/routes.ts', 'server/jobs/sweep.ts')])).toHaveLength(
      1,
    );
    expect(layerViolations([arrow('shared/roles.ts', 'server/env.ts', true)])).toHaveLength(1);
    expect(
      layerViolations([arrow('server/jobs/sweep.ts', 'server/modules/notifications/service.ts')]),
    ).toEqual([]);
  });

  it('keeps the web app and the server apart, but for the wiring rendering pages', () => {
    expect(layerViolations([arrow('web/app/router.tsx', 'server/env.ts')])).toHaveLength(1);
    expect(layerViolations([arrow('server/modules/me/routes.ts', 'web/app/config.ts')])).toHaveLength(1);
    expect(layerViolations([arrow('server/seo/ssr.ts', 'web/app/render-server.tsx')])).toEqual([]);
    expect(layerViolations([arrow('web/app/router.tsx', 'shared/roles.ts')])).toEqual([]);
  });

  it('finds a circle, type-only arrows included', () => {
    const loop = circles([
      arrow('server/auth/auth.ts', 'server/modules/account/lockout.ts'),
      arrow('server/modules/account/lockout.ts', 'server/http/context.ts'),
      arrow('server/http/context.ts', 'server/auth/auth.ts', true),
      arrow('server/app.ts', 'server/auth/auth.ts'),
    ]);
    expect(loop).toEqual([
      ['server/auth/auth.ts', 'server/modules/account/lockout.ts', 'server/http/context.ts'],
    ]);
  });

  it('passes on the code as it is', () => {
    const arrows = readArrows();
    expect(arrows.length).toBeGreaterThan(1000);
    expect(layerViolations(arrows)).toEqual([]);
  });
});
