/**
 * Avatars (SPEC §2.11, §5 Avatar upload, §7): upload (one png/jpeg/gif/webp image, 2 MB) resized to
 * 256x256 WebP under the avatars bucket at {userId}/{name}.webp, served publicly under an immutable name;
 * the get_user_avatar / update_user_avatar remote procedures; and the app's own initials picture.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import sharp from 'sharp';
import { z } from 'zod';
import { AVATAR } from '../../../shared/constants.ts';
import {
  AVATAR_MESSAGES,
  AVATAR_UPLOAD_RULES,
  checkFile,
  checkFileCount,
  UPLOAD_MESSAGES,
} from '../../../shared/validation/uploads.ts';
import { users } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody } from '../../http/errors.ts';
import { floodLimit, forgetSessionsAfterChange, requireUser } from '../../http/middleware.ts';
import { generatedName, storageFor } from '../../services/storage.ts';
import {
  assertImageSize,
  badRequest,
  detectType,
  filesOf,
  readForm,
  tooLarge,
  uploadBodyLimit,
} from '../files/upload.ts';
import { initialsSvg, parseInitialsQuery } from './initials.ts';

const BUCKET = 'avatars';
const URL_PREFIX = '/api/avatars/file/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NAME = '[0-9]{10,16}-[0-9a-f]{16}\\.webp';
const AVATAR_URL = new RegExp(`^${URL_PREFIX}(${UUID})/(${NAME})$`);

const requireUploader = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'unauthenticated', UPLOAD_MESSAGES.authRequired);
  await next();
});

/** Decoding is bounded (pixels, first frame only) so a small file cannot expand into a huge image. */
export async function resizeAvatar(bytes: Uint8Array): Promise<Buffer> {
  const size = AVATAR.recommendedPx;
  return sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .webp({ quality: 85 })
    .toBuffer();
}

export function avatarRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);

  // The picture is part of the session (SessionUser.avatarUrl): this instance forgets the uploader's cached
  // sessions when the change is made, so their next request, here, shows it (auth/session-cache.ts).
  const forgetMine = forgetSessionsAfterChange(deps, (c) => c.get('user')?.id);

  app.post(
    '/',
    requireUploader,
    forgetMine,
    floodLimit(deps, 'uploads'),
    uploadBodyLimit(AVATAR.maxFiles, AVATAR.maxBytes),
    async (c) => {
      const user = c.get('user')!;
      const form = await readForm(c);
      const files = filesOf(form, 'file', 'avatar', 'files');
      const countProblem = checkFileCount(files.length, AVATAR_UPLOAD_RULES);
      if (countProblem) throw new AppError(400, 'validation', countProblem.message);
      const file = files[0]!;
      if (file.size > AVATAR.maxBytes) throw tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const check = checkFile(file, await detectType(bytes), AVATAR_UPLOAD_RULES);
      if (!check.ok) throw new AppError(400, 'validation', check.message);
      await assertImageSize(bytes, check.mime);

      let resized: Buffer;
      try {
        resized = await resizeAvatar(bytes);
      } catch {
        throw badRequest(AVATAR_MESSAGES.processFailed);
      }
      const name = generatedName('webp');
      await storage.put(BUCKET, `${user.id}/${name}`, resized);
      const url = `${URL_PREFIX}${user.id}/${name}`;
      // The avatar is set here too (users.avatar_url is better-auth's image field, so /api/session shows it).
      await deps.db.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, user.id));
      return c.json({ url, path: `${user.id}/${name}`, size: resized.byteLength, type: 'image/webp' }, 201);
    },
  );

  /** Public: avatars appear wherever the user does. The name never changes its content. */
  app.get('/file/:userId/:name', async (c) => {
    const url = `${URL_PREFIX}${c.req.param('userId')}/${c.req.param('name')}`;
    const match = AVATAR_URL.exec(url);
    if (!match) throw notFound();
    const bytes = await storage.get(BUCKET, `${match[1]}/${match[2]}`);
    if (!bytes) throw notFound();
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  /** The initials picture (§7 initials-avatar service), made here: no outside image service. */
  app.get('/initials', (c) => {
    const options = parseInitialsQuery(c.req.query());
    return c.body(initialsSvg(options), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'Cache-Control': 'public, max-age=86400',
    });
  });

  return app;
}

const getAvatarBody = z.object({ p_user_id: z.uuid() });
const updateAvatarBody = z.object({ p_avatar_url: z.string().max(300).nullable() });

/** The get_user_avatar / update_user_avatar remote procedures (SPEC §7), under /api/rpc. */
export function avatarRpcRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);

  app.post('/get_user_avatar', requireUser, async (c) => {
    const { p_user_id } = await parseBody(c, getAvatarBody);
    const [row] = await deps.db
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, p_user_id));
    return c.json(row?.avatarUrl ?? null);
  });

  /** Only the signed-in user's own avatar, and only to a picture they uploaded themselves (or none). */
  app.post(
    '/update_user_avatar',
    requireUser,
    forgetSessionsAfterChange(deps, (c) => c.get('user')?.id),
    async (c) => {
      const user = c.get('user')!;
      const { p_avatar_url } = await parseBody(c, updateAvatarBody);
      if (p_avatar_url !== null) {
        const match = AVATAR_URL.exec(p_avatar_url);
        if (!match || match[1] !== user.id) {
          throw new AppError(403, 'forbidden', AVATAR_MESSAGES.notOwnAvatar);
        }
        if (!(await storage.get(BUCKET, `${match[1]}/${match[2]}`))) {
          throw new AppError(403, 'forbidden', AVATAR_MESSAGES.notOwnAvatar);
        }
      }
      await deps.db
        .update(users)
        .set({ avatarUrl: p_avatar_url, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return c.json(true);
    },
  );

  return app;
}
