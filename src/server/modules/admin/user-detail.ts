/** GET /api/admin/users/:id: one account with everything an administrator needs on one page (issue 14). */

import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminUserDetailDto, AuditEntryDto } from '../../../shared/admin/users.ts';
import type { BookingOrigin } from '../../../shared/marketplace/booking-origin.ts';
import type { Db } from '../../db/client.ts';
import {
  adminNotes,
  auditLog,
  bookings,
  drivers,
  quotes,
  ratings,
  rides,
  securityEvents,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { rideRoute } from '../../services/places.ts';
import { deletedEmail } from '../me/service.ts';

const LIST_LIMIT = 50;
const route = (r: Parameters<typeof rideRoute>[0]) => rideRoute(r, { words: true });

export function toAuditDto(r: typeof auditLog.$inferSelect): AuditEntryDto {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    reason: r.reason,
    details: r.details,
    ip: r.ip,
  };
}

export async function userDetail(db: Db, userId: string): Promise<AdminUserDetailDto | null> {
  const [row] = await db
    .select({ user: users, company: drivers.companyName, verification: drivers.verificationStatus })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const u = row.user;
  const other = alias(users, 'other');

  const [sessionRows, tripRows, quoteRows, bookingRows, ratingRows, eventRows, noteRows, auditRows] =
    await Promise.all([
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.updatedAt))
        .limit(LIST_LIMIT),
      db
        .select()
        .from(rides)
        .where(eq(rides.customerId, userId))
        .orderBy(desc(rides.pickupAt))
        .limit(LIST_LIMIT),
      db
        .select({ quote: quotes, ride: rides })
        .from(quotes)
        .innerJoin(rides, eq(rides.id, quotes.rideId))
        .where(eq(quotes.driverId, userId))
        .orderBy(desc(quotes.createdAt))
        .limit(LIST_LIMIT),
      db
        .select({ booking: bookings, ride: rides, otherName: other.fullName })
        .from(bookings)
        .innerJoin(rides, eq(rides.id, bookings.rideId))
        .innerJoin(
          other,
          sql`${other.id} = case when ${bookings.customerId} = ${userId} then ${bookings.driverId} else ${bookings.customerId} end`,
        )
        .where(or(eq(bookings.customerId, userId), eq(bookings.driverId, userId)))
        .orderBy(desc(rides.pickupAt))
        .limit(LIST_LIMIT),
      db
        .select({ rating: ratings, otherName: other.fullName })
        .from(ratings)
        .innerJoin(
          other,
          sql`${other.id} = case when ${ratings.raterId} = ${userId} then ${ratings.rateeId} else ${ratings.raterId} end`,
        )
        .where(or(eq(ratings.raterId, userId), eq(ratings.rateeId, userId)))
        .orderBy(desc(ratings.createdAt))
        .limit(LIST_LIMIT),
      db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.createdAt))
        .limit(LIST_LIMIT),
      db
        .select({ note: adminNotes, authorName: users.fullName })
        .from(adminNotes)
        .leftJoin(users, eq(users.id, adminNotes.authorId))
        .where(and(eq(adminNotes.subjectType, 'user'), eq(adminNotes.subjectId, userId)))
        .orderBy(desc(adminNotes.createdAt))
        .limit(LIST_LIMIT),
      db
        .select()
        .from(auditLog)
        .where(or(eq(auditLog.targetId, userId), eq(auditLog.actorId, userId)))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(100),
    ]);

  return {
    user: {
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      userType: u.userType as AdminUserDetailDto['user']['userType'],
      status: u.status as AdminUserDetailDto['user']['status'],
      emailVerified: u.emailVerified,
      createdAt: u.createdAt.toISOString(),
      businessName: row.company?.trim() || null,
      verificationStatus: (row.verification as AdminUserDetailDto['user']['verificationStatus']) ?? null,
      avatarUrl: u.avatarUrl,
      statusReason: u.statusReason,
      statusChangedAt: u.statusChangedAt?.toISOString() ?? null,
      statusChangedBy: u.statusChangedBy,
      deleted: u.email === deletedEmail(u.id),
      twoFactorEnabled: u.twoFactorEnabled,
    },
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastActiveAt: s.updatedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    trips: tripRows.map((r) => ({
      id: r.id,
      route: route(r),
      pickupAt: r.pickupAt.toISOString(),
      status: r.status,
    })),
    quotes: quoteRows.map(({ quote, ride }) => ({
      id: quote.id,
      rideId: ride.id,
      route: route(ride),
      price: quote.priceCents / 100,
      status: quote.status,
      createdAt: quote.createdAt.toISOString(),
    })),
    bookings: bookingRows.map(({ booking, ride, otherName }) => ({
      id: booking.id,
      route: route(ride),
      pickupAt: ride.pickupAt.toISOString(),
      status: booking.status,
      side: booking.customerId === userId ? 'customer' : 'driver',
      otherParty: otherName,
      origin: booking.origin as BookingOrigin,
      seats: booking.seats,
    })),
    ratings: ratingRows.map(({ rating, otherName }) => ({
      id: rating.id,
      bookingId: rating.bookingId,
      stars: rating.stars,
      comment: rating.comment || null,
      direction: rating.raterId === userId ? 'given' : 'received',
      otherParty: otherName,
      createdAt: rating.createdAt.toISOString(),
    })),
    securityEvents: eventRows.map((e) => ({
      id: e.id,
      type: e.eventType,
      ipAddress: e.ipAddress,
      createdAt: e.createdAt.toISOString(),
    })),
    notes: noteRows.map(({ note, authorName }) => ({
      id: note.id,
      body: note.body,
      authorName,
      createdAt: note.createdAt.toISOString(),
    })),
    audit: auditRows.map(toAuditDto),
  };
}
