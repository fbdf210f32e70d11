/**
 * The driver card's details (issue 13): "Verified" with the date, member since, usual time to quote, the
 * vehicle (photo, seats, bags, features) and a link to the public driver page. The quote card, the booking
 * and /drivers/{id} show the same facts in the same words (shared/marketplace/driver-card-text.ts).
 */
import { BadgeCheck, CalendarDays, Car, Clock } from 'lucide-react';
import { Link } from 'react-router';
import type { DriverCardDto, VehicleCardDto } from '../../../shared/marketplace/api.ts';
import {
  memberSinceText,
  quoteSpeedText,
  vehicleCardText,
  vehicleFeaturesText,
  verifiedText,
} from '../../../shared/marketplace/driver-card-text.ts';

export function VehicleLine({ vehicle, fallback }: { vehicle: VehicleCardDto | null; fallback?: string }) {
  if (!vehicle) {
    return fallback ? (
      <li className="flex items-start gap-2">
        <Car className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" aria-hidden="true" />
        <span className="wrap-anywhere">
          <span className="sr-only">Vehicle: </span>
          {fallback}
        </span>
      </li>
    ) : null;
  }
  const features = vehicleFeaturesText(vehicle);
  return (
    <li className="flex items-start gap-3" data-testid="driver-card-vehicle">
      {vehicle.photoUrl ? (
        <img
          src={vehicle.photoUrl}
          alt={`${vehicle.make} ${vehicle.model}`}
          className="h-14 w-20 shrink-0 rounded object-cover"
          loading="lazy"
        />
      ) : (
        // No photo from the driver: a drawing in the photo's place, so every card has the same shape.
        <img
          src="/illustrations/vehicle.svg"
          alt=""
          width={80}
          height={56}
          className="h-14 w-20 shrink-0 rounded"
        />
      )}
      <span className="wrap-anywhere">
        <span className="sr-only">Vehicle: </span>
        {vehicleCardText(vehicle)}
        {features && <span className="block text-sm text-slate-700">{features}</span>}
      </span>
    </li>
  );
}

/** The trust lines of a driver card, as list items (the caller owns the list). */
export function DriverTrustLines({ driver }: { driver: DriverCardDto }) {
  const verified = verifiedText(driver.verifiedAt);
  const speed = quoteSpeedText(driver.medianQuoteMinutes);
  return (
    <>
      <li className="flex items-start gap-2">
        <BadgeCheck
          className={`mt-0.5 h-5 w-5 shrink-0 ${verified ? 'text-green-700' : 'text-slate-500'}`}
          aria-hidden="true"
        />
        <span className={verified ? 'font-semibold text-green-900' : ''}>
          {verified ?? 'Not verified at the moment'}
          {verified && (
            <span className="block text-sm font-normal text-slate-700">
              Authorisation, insurance and vehicle inspection checked by ShuttleQuote
            </span>
          )}
        </span>
      </li>
      <li className="flex items-start gap-2">
        <CalendarDays className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" aria-hidden="true" />
        <span>{memberSinceText(driver.memberSince)}</span>
      </li>
      {speed && (
        <li className="flex items-start gap-2">
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" aria-hidden="true" />
          <span>{speed}</span>
        </li>
      )}
    </>
  );
}

export function DriverProfileLink({ driver }: { driver: DriverCardDto }) {
  if (!driver.verifiedAt) return null;
  return (
    <Link
      to={`/drivers/${driver.id}`}
      className="text-sm font-semibold text-brand-600 underline underline-offset-2"
    >
      View {driver.businessName}'s profile
    </Link>
  );
}
