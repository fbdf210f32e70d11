/**
 * A return pair booked together, as one booking with two legs (issue 32): both legs in trip order, each
 * with its date and time, route, its own status and fare, and a link to its page (the leg on screen is
 * marked as the current page). On the bookings list's card and at the top of each leg's booking page.
 */
import { Link } from 'react-router';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { cancelledByText } from '../../../../shared/messages.ts';
import { cn } from '../../../lib/cn.ts';
import { StatusBadge } from './RideSummary.tsx';

interface Leg {
  id: string;
  leg: 'outbound' | 'return';
  status: BookingDto['status'];
  priceCents: number;
  ride: BookingDto['ride'];
  cancelledBy: BookingDto['cancelledBy'];
  cancelReason: string | null;
}

/** Both legs of a pair booking, outbound first; [] for any other booking. */
export function pairLegs(b: BookingDto): Leg[] {
  if (!b.pair) return [];
  const self: Leg = { ...b, leg: b.pair.leg };
  const legs = [self, b.pair.other];
  return b.pair.leg === 'outbound' ? legs : legs.reverse();
}

const LEG_NAME = { outbound: 'Outbound leg', return: 'Return leg' } as const;

export function PairLegs({
  b,
  current,
  admin = false,
}: {
  b: BookingDto;
  /** The leg whose page this is (marked, not linked). */
  current?: string;
  admin?: boolean;
}) {
  return (
    <ol className="flex flex-col gap-2" data-testid="pair-legs">
      {pairLegs(b).map((l) => {
        const here = l.id === current;
        const route = `${l.ride.pickup.locality} → ${l.ride.destination.locality}`;
        return (
          <li
            key={l.id}
            className={cn(
              'flex flex-col gap-1 rounded-lg border p-3',
              here ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
            )}
            data-testid={`pair-leg-${l.leg}`}
          >
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-bold">{LEG_NAME[l.leg]}</span>
              <StatusBadge status={l.status} />
            </p>
            <p className="text-base text-slate-900">
              {formatSydney(l.ride.pickupAt)}
              <span className="block text-slate-800 wrap-anywhere">
                {route}
                {l.ride.flightNumber && `, flight ${l.ride.flightNumber}`}
              </span>
            </p>
            {l.status === 'cancelled' && (
              <p className="text-sm font-semibold text-red-800 wrap-anywhere">
                {cancelledByText({ cancelledBy: l.cancelledBy, viewerRole: b.viewerRole })}
                {l.cancelReason && `: “${l.cancelReason}”`}
              </p>
            )}
            <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
              <span>{formatAud(l.priceCents)} this leg</span>
              {here ? (
                <span className="font-semibold text-brand-900" aria-current="page">
                  You are viewing this leg
                </span>
              ) : (
                <Link
                  to={admin ? `/admin/bookings/${l.id}` : `/booking/${l.id}`}
                  className="font-semibold text-brand-600 underline underline-offset-4"
                >
                  {LEG_NAME[l.leg]} details
                </Link>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
