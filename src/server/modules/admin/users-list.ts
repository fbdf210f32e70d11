/**
 * GET /api/admin/users: the /users table (issue 14). Keyset-paged on (sort key, id) so every page costs
 * the same at 100k accounts; the search is a substring match on users.search_text (name, e-mail, phone and
 * the driver's business name, migration 0011), served by its trigram index.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_USER_MESSAGES,
  type AdminUserListDto,
  type AdminUserRowDto,
  type UserSort,
  type userListQuerySchema,
} from '../../../shared/admin/users.ts';
import { sydneyDayEnd, sydneyDayStart } from '../../../shared/marketplace/time.ts';
import type { Db } from '../../db/client.ts';
import {
  cursorInstant,
  cursorRefused,
  decodeCursor,
  encodeCursor,
  isCursorId,
  isCursorInstant,
} from '../../db/keyset.ts';

type Query = z.output<typeof userListQuerySchema>;

/** LIKE pattern for a substring, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * What a typed phone number looks like in the stored E.164 form: "0412 345 678" -> "61412345678",
 * "+61 412" -> "61412". Null when the search is not a phone number.
 */
export function phoneDigits(q: string): string | null {
  if (!/^\+?[\d\s()-]{4,}$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return digits.startsWith('0') ? `61${digits.slice(1)}` : digits;
}

interface Cursor {
  key: string;
  id: string;
}

const ORDER: Record<UserSort, { key: SQL; dir: 'asc' | 'desc' }> = {
  newest: { key: sql`u.created_at`, dir: 'desc' },
  oldest: { key: sql`u.created_at`, dir: 'asc' },
  name: { key: sql`lower(u.full_name)`, dir: 'asc' },
  name_desc: { key: sql`lower(u.full_name)`, dir: 'desc' },
};

/** The sort key as the cursor carries it: timestamps to the microsecond in UTC, names as text. */
function cursorKeySql(sort: UserSort): SQL {
  return sort === 'newest' || sort === 'oldest' ? cursorInstant(sql`u.created_at`) : sql`lower(u.full_name)`;
}

/** The sort travels in the cursor: a cursor from another sort is refused, not misread. */
export const encodeUserCursor = (sort: UserSort, c: Cursor): string => encodeCursor(sort, c.key, c.id);

function decodeUserCursor(sort: UserSort, raw: string): Cursor {
  const parts = decodeCursor(raw, 3);
  const [from, key, id] = parts ?? [];
  const byTime = sort === 'newest' || sort === 'oldest';
  if (!parts || from !== sort || !isCursorId(id!) || (byTime && !isCursorInstant(key!))) {
    throw cursorRefused(ADMIN_USER_MESSAGES.badCursor);
  }
  return { key: key!, id: id! };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function searchSql(q: string): SQL | undefined {
  const text = q.toLowerCase();
  if (!text) return undefined;
  // A whole e-mail address finds its account through the unique index; every trigram of "example.com"
  // would match most accounts.
  if (EMAIL.test(text)) return sql`lower(u.email) = ${text}`;
  const patterns = [containsPattern(text)];
  const digits = phoneDigits(text);
  if (digits) patterns.push(containsPattern(digits));
  // One column (name, e-mail, phone, business name) and one trigram index serve every search.
  return sql`(${sql.join(
    patterns.map((p) => sql`u.search_text like ${p}`),
    sql` or `,
  )})`;
}

export async function listUsers(db: Db, query: Query): Promise<AdminUserListDto> {
  const conditions: SQL[] = [];
  const search = searchSql(query.q);
  if (search) conditions.push(search);
  if (query.role) conditions.push(sql`u.user_type = ${query.role}`);
  if (query.status) conditions.push(sql`u.status = ${query.status}`);
  if (query.verification) conditions.push(sql`d.verification_status = ${query.verification}`);
  if (query.from) conditions.push(sql`u.created_at >= ${sydneyDayStart(query.from)!.toISOString()}`);
  if (query.to) conditions.push(sql`u.created_at < ${sydneyDayEnd(query.to)!.toISOString()}`);
  const order = ORDER[query.sort];
  if (query.cursor) {
    const c = decodeUserCursor(query.sort, query.cursor);
    const key =
      query.sort === 'newest' || query.sort === 'oldest' ? sql`${c.key}::timestamptz` : sql`${c.key}`;
    conditions.push(
      order.dir === 'desc'
        ? sql`(${order.key}, u.id) < (${key}, ${c.id}::uuid)`
        : sql`(${order.key}, u.id) > (${key}, ${c.id}::uuid)`,
    );
  }
  const dir = sql.raw(order.dir);
  const where = conditions.length ? sql`where ${and(...conditions)}` : sql``;
  const result = await db.execute(sql`
    select u.id, u.full_name, u.email, u.phone, u.user_type, u.status, u.email_verified,
           u.created_at, d.company_name, d.verification_status, ${cursorKeySql(query.sort)} as cursor_key
      from users u
      left join drivers d on d.user_id = u.id
      ${where}
     order by ${order.key} ${dir}, u.id ${dir}
     limit ${query.limit + 1}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    users: page.map(toRow),
    nextCursor:
      rows.length > query.limit && last
        ? encodeUserCursor(query.sort, { key: String(last.cursor_key), id: String(last.id) })
        : null,
  };
}

function toRow(r: Record<string, unknown>): AdminUserRowDto {
  const created = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
  return {
    id: String(r.id),
    fullName: String(r.full_name),
    email: String(r.email),
    phone: (r.phone as string | null) ?? null,
    userType: r.user_type as AdminUserRowDto['userType'],
    status: r.status as AdminUserRowDto['status'],
    emailVerified: Boolean(r.email_verified),
    createdAt: created.toISOString(),
    businessName: (r.company_name as string | null)?.trim() || null,
    verificationStatus: (r.verification_status as AdminUserRowDto['verificationStatus']) ?? null,
  };
}
