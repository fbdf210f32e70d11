/**
 * /api/me/accessibility: the signed-in user's accessibility settings (SPEC §3 fields), kept in
 * users.accessibility_settings so they follow the account across browsers (issue 12). Guests keep theirs in
 * the browser only.
 *   GET /accessibility        -> { settings: AccessibilitySettings | null }   (null: never saved)
 *   PUT /accessibility  { highContrast, reducedMotion, screenReaderEnabled, fontSizeMultiplier,
 *                         keyboardNavigationEnabled, focusIndicatorsVisible } -> { settings }
 */
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { FONT_SIZE, parseAccessibilitySettings } from '../../../shared/preferences.ts';
import { users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { parseBody } from '../../http/errors.ts';

/** SPEC §3 Accessibility settings, every field required; §9 font size 0.8 to 1.5. */
export const accessibilitySettingsSchema = z.strictObject({
  highContrast: z.boolean(),
  reducedMotion: z.boolean(),
  screenReaderEnabled: z.boolean(),
  fontSizeMultiplier: z.number().min(FONT_SIZE.min).max(FONT_SIZE.max),
  keyboardNavigationEnabled: z.boolean(),
  focusIndicatorsVisible: z.boolean(),
});

/** Adds the two routes to the /api/me router (which already requires a signed-in user). */
export function accessibilityRoutes(app: Hono<AppBindings>, deps: Deps) {
  app.get('/accessibility', async (c) => {
    const user = c.get('user')!;
    const [row] = await deps.db
      .select({ settings: users.accessibilitySettings })
      .from(users)
      .where(eq(users.id, user.id));
    return c.json({ settings: row?.settings ? parseAccessibilitySettings(row.settings) : null });
  });

  app.put('/accessibility', async (c) => {
    const user = c.get('user')!;
    const input = await parseBody(c, accessibilitySettingsSchema);
    // Snapped to the 0.1 grid the browser uses.
    const settings = parseAccessibilitySettings(input);
    await deps.db
      .update(users)
      .set({ accessibilitySettings: { ...settings } })
      .where(eq(users.id, user.id));
    return c.json({ settings });
  });
}
