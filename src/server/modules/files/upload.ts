/** Shared by the file, avatar and issue routes: body limits, multipart reading and real-type detection. */
import { fileTypeFromBuffer } from 'file-type';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import { UPLOAD } from '../../../shared/constants.ts';
import { UPLOAD_MESSAGES } from '../../../shared/validation/uploads.ts';
import { uploadBodyBytes, uploadTooLarge } from '../../http/body-limit.ts';
import type { AppBindings } from '../../http/context.ts';
import { AppError, errorResponse } from '../../http/errors.ts';

export const tooLarge = uploadTooLarge;
export const badRequest = (detail: string) =>
  new AppError(400, 'validation', UPLOAD_MESSAGES.badRequest(detail));

/**
 * Refuses a body above the total the route can ever accept, before reading it (413). The same total is in
 * the app-wide table (http/body-limit.ts), which already refused anything larger; this keeps the route
 * safe wherever it is mounted.
 */
export function uploadBodyLimit(maxFiles: number, maxBytes: number) {
  return bodyLimit({
    maxSize: uploadBodyBytes(maxFiles, maxBytes),
    onError: (c) => errorResponse(c, tooLarge()),
  });
}

export async function readForm(c: Context<AppBindings>): Promise<FormData> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw badRequest('Expected multipart/form-data.');
  try {
    return await c.req.raw.formData();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('The upload could not be read.');
  }
}

export function filesOf(form: FormData, ...names: string[]): File[] {
  return names.flatMap((n) => form.getAll(n)).filter((v): v is File => typeof v === 'object' && v !== null);
}

/** The real type from the bytes (file-type), or null when it cannot be told. */
export async function detectType(bytes: Uint8Array): Promise<string | null> {
  const result = await fileTypeFromBuffer(bytes);
  return result?.mime ?? null;
}

/**
 * Issue 16: an image's pixel size, read from its header without decoding it, must be within UPLOAD's
 * limits before the image is stored or decoded (a 30,000 x 30,000 PNG of a few KB would take 3.6 GB to
 * decode). 400 when too large or when the header cannot be read; other types pass.
 */
export async function assertImageSize(bytes: Uint8Array, mime: string): Promise<void> {
  if (!mime.startsWith('image/')) return;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError(400, 'validation', UPLOAD_MESSAGES.unreadableImage, [
      { path: 'file', message: UPLOAD_MESSAGES.unreadableImage },
    ]);
  }
  if (
    !width ||
    !height ||
    width > UPLOAD.maxSide ||
    height > UPLOAD.maxSide ||
    width * height > UPLOAD.maxPixels
  ) {
    throw new AppError(400, 'validation', UPLOAD_MESSAGES.tooManyPixels, [
      { path: 'file', message: UPLOAD_MESSAGES.tooManyPixels },
    ]);
  }
}
