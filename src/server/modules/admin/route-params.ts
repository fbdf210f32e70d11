/** What the admin routes share: a path's :id as a uuid, and 404 for a record that is not there. */
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';

const uuid = z.uuid();

/** The path's :id, or 404 when it is not a uuid (no record can have it). */
export function uuidParam(id: string | undefined): string {
  const parsed = uuid.safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/** What `lookup` found, or 404 when it found nothing. */
export async function found<T>(lookup: Promise<T | null | undefined>): Promise<T> {
  const value = await lookup;
  if (!value) throw notFound();
  return value;
}
