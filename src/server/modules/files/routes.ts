/**
 * /api/files (SPEC §3 user_files, §5 File upload, §7 Storage, §8 Upload): a signed-in user's private files.
 * The server checks every rule again: count, size, the real type from the bytes, the owner's folder.
 * Files are served back only to their owner, with the stored (allow-listed) type, nosniff, and as an
 * attachment unless they are images, so an upload can never run as a page of the app.
 */

import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { UPLOAD } from '../../../shared/constants.ts';
import {
  checkFile,
  checkFileCount,
  DOCUMENT_UPLOAD_RULES,
  FOLDER_PATTERN,
  UPLOAD_MESSAGES,
  type UploadedFile,
} from '../../../shared/validation/uploads.ts';
import { userFiles } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { floodLimit } from '../../http/middleware.ts';
import { generatedName, storageFor } from '../../services/storage.ts';
import {
  assertImageSize,
  badRequest,
  detectType,
  filesOf,
  readForm,
  tooLarge,
  uploadBodyLimit,
} from './upload.ts';

const BUCKET = 'user-files';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = z.uuid();

const requireUploader = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'unauthenticated', UPLOAD_MESSAGES.authRequired);
  await next();
});

export const permissionDenied = () => new AppError(403, 'forbidden', UPLOAD_MESSAGES.permissionDenied);

/**
 * The sub-folder inside the user's own folder. A folder that starts with a user id must be the caller's
 * (it is then dropped, since every upload already goes under the caller's id); anything else is refused.
 */
export function resolveFolder(raw: unknown, userId: string): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw badRequest('Invalid folder name.');
  const folder = raw.trim().replace(/^\/+|\/+$/g, '');
  if (folder === '') return null;
  const [first, ...rest] = folder.split('/');
  if (first && UUID.test(first)) {
    if (first.toLowerCase() !== userId.toLowerCase()) throw permissionDenied();
    return rest.length ? resolveFolder(rest.join('/'), userId) : null;
  }
  if (!FOLDER_PATTERN.test(folder)) {
    // '..' or another user's path hidden further down is an attempt to leave the own folder.
    if (folder.split('/').some((p) => p === '..' || UUID.test(p))) throw permissionDenied();
    throw badRequest('Invalid folder name.');
  }
  return folder;
}

type FileRow = typeof userFiles.$inferSelect;

function toItem(row: FileRow): UploadedFile & { createdAt: string } {
  return {
    id: row.id,
    name: row.metadata.originalName,
    path: row.filePath,
    size: row.fileSize,
    type: row.fileType,
    url: `/api/files/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A file name safe inside a Content-Disposition header. */
function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const storage = storageFor(deps.env);
  app.use('*', requireUploader);

  app.post('/', floodLimit(deps, 'uploads'), uploadBodyLimit(UPLOAD.maxFiles, UPLOAD.maxBytes), async (c) => {
    const user = c.get('user')!;
    const form = await readForm(c);
    const folder = resolveFolder(form.get('folder'), user.id);
    const files = filesOf(form, 'files', 'file');
    const countProblem = checkFileCount(files.length, DOCUMENT_UPLOAD_RULES);
    if (countProblem) throw new AppError(400, 'validation', countProblem.message);

    // Check every file before storing any: one bad file refuses the request.
    const checked: { file: File; bytes: Uint8Array; mime: string; ext: string }[] = [];
    for (const file of files) {
      if (file.size > UPLOAD.maxBytes) throw tooLarge();
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = checkFile(file, await detectType(bytes), DOCUMENT_UPLOAD_RULES);
      if (!result.ok) throw new AppError(400, 'validation', result.message);
      await assertImageSize(bytes, result.mime);
      checked.push({ file, bytes, mime: result.mime, ext: result.ext });
    }

    const items: UploadedFile[] = [];
    for (const { file, bytes, mime, ext } of checked) {
      const key = [user.id, folder, generatedName(ext)].filter(Boolean).join('/');
      await storage.put(BUCKET, key, bytes);
      try {
        const [row] = await deps.db
          .insert(userFiles)
          .values({
            userId: user.id,
            fileName: key.split('/').at(-1)!,
            filePath: key,
            fileType: mime,
            fileSize: bytes.byteLength,
            isPublic: false,
            metadata: { originalName: file.name.slice(0, 255), uploadedAt: new Date().toISOString() },
          })
          .returning();
        items.push(toItem(row!));
      } catch (err) {
        // The record is what grants access; without it the stored bytes are unreachable, so remove them.
        console.error(`[${c.get('requestId')}] recording upload failed`, err);
        await storage.delete(BUCKET, key);
        throw err;
      }
    }
    return c.json({ files: items }, 201);
  });

  app.get('/', async (c) => {
    const rows = await deps.db
      .select()
      .from(userFiles)
      .where(eq(userFiles.userId, c.get('user')!.id))
      .orderBy(desc(userFiles.createdAt));
    c.header('Cache-Control', 'no-store');
    return c.json({ files: rows.map(toItem) });
  });

  async function ownFile(userId: string, id: string): Promise<FileRow> {
    if (!idParam.safeParse(id).success) throw notFound();
    const [row] = await deps.db
      .select()
      .from(userFiles)
      .where(and(eq(userFiles.id, id), eq(userFiles.userId, userId)));
    // Another user's file answers exactly like a missing one.
    if (!row) throw notFound();
    return row;
  }

  app.get('/:id', async (c) => {
    const row = await ownFile(c.get('user')!.id, c.req.param('id'));
    const bytes = await storage.get(BUCKET, row.filePath);
    if (!bytes) throw notFound();
    const isImage = row.fileType.startsWith('image/');
    return c.body(new Uint8Array(bytes), 200, {
      // Only allow-listed types are ever stored; never text/html.
      'Content-Type': row.fileType,
      'Content-Disposition': `${isImage ? 'inline' : 'attachment'}; ${dispositionName(row.metadata.originalName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': `private, max-age=${UPLOAD.cacheSeconds}`,
    });
  });

  app.delete('/:id', async (c) => {
    const row = await ownFile(c.get('user')!.id, c.req.param('id'));
    await deps.db.delete(userFiles).where(eq(userFiles.id, row.id));
    await storage.delete(BUCKET, row.filePath);
    return c.json({ ok: true });
  });

  return app;
}
