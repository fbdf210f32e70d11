/**
 * The booking page's lead card (issue 18): what matters on the day, together and large. When and where
 * the pickup is (with a map link and the calendar file), who to call (the other side's phone as a big
 * button), and the vehicle to look for, plate included. An administrator sees the same, without a call
 * button: both phones are in the contacts below. The driver has a card of their own (DriverDayOfTrip.tsx:
 * the customer and the pickup first, nothing addressed to a passenger); what was booked follows in
 * BookedDetails.tsx. The pieces both cards share are in DayCard.tsx.
 */
import { Car } from 'lucide-react';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { CallButton, DayCard, DayFact, DayPickup, vehicleName } from './DayCard.tsx';
import { placeLabel } from './RideSummary.tsx';

export function DayOfTrip({ b }: { b: BookingDto }) {
  const v = b.driver.vehicle;
  const other =
    b.viewerRole === 'customer'
      ? { who: b.driverCard.businessName, contact: b.driver.contact }
      : b.viewerRole === 'driver'
        ? { who: b.customer.contact.name, contact: b.customer.contact }
        : null;
  return (
    <DayCard>
      <div className="flex flex-col gap-4">
        <DayPickup b={b} label="From" destination={`to ${placeLabel(b.ride.destination)}`} />
      </div>
      <div className="flex flex-col gap-4">
        <DayFact icon={Car} label="Look for">
          <span className="text-lg font-semibold text-slate-900" data-testid="day-vehicle">
            {vehicleName(v)}
          </span>
          {v.registration && (
            <span className="mt-1 block">
              <span className="sr-only">Number plate </span>
              <span className="inline-block rounded-md border-2 border-slate-900 bg-white px-2 py-0.5 font-mono text-lg font-bold tracking-widest text-slate-900">
                {v.registration}
              </span>
            </span>
          )}
          <span className="block text-sm text-slate-700">{b.driverCard.businessName}</span>
        </DayFact>
        {other && <CallButton name={other.who} phone={other.contact.phone} />}
      </div>
    </DayCard>
  );
}
