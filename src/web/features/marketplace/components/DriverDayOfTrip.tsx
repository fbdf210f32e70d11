/**
 * The driver's lead card on a confirmed booking (issue 30): who they pick up, with a big call button, then
 * when and where, the drop-off and their own vehicle on the booking. Nothing in it is addressed to a
 * passenger (the customer's card, DayOfTrip.tsx, says "Look for" the vehicle); the pieces both cards share
 * are in DayCard.tsx.
 */
import { User } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { CallButton, DayCard, DayFact, DayPickup, vehicleName } from './DayCard.tsx';
import { passengersText, placeLabel } from './RideSummary.tsx';

export function DriverDayOfTrip({ b }: { b: BookingDto }) {
  const customer = b.customer.contact;
  const v = b.driver.vehicle;
  return (
    <DayCard>
      <div className="flex flex-col gap-3">
        <DayFact icon={User} label="Your customer">
          <span className="text-2xl font-bold text-slate-900" data-testid="driver-customer-name">
            {customer.name}
          </span>
          <span className="block text-slate-800">{passengersText(b.ride.passengers)}</span>
        </DayFact>
        <CallButton name={customer.name} phone={customer.phone} large />
      </div>
      <div className="flex flex-col gap-4">
        <DayPickup b={b} label="Pick up at" destination={`Drop off at ${placeLabel(b.ride.destination)}`} />
        <p className="pl-9 text-sm text-slate-700 wrap-anywhere">
          Your vehicle on this booking: {vehicleName(v)}
          {v.registration && `, ${v.registration}`}
        </p>
      </div>
    </DayCard>
  );
}
