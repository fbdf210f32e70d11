/**
 * What a booking's text message says about it (modules/sms/texts.ts words it): taken from the booking's
 * own view (bookings/dto.ts) as the recipient sees it, so a text never tells more than the booking page.
 * The delivery worker reads that view once per recipient and booking for the e-mail and the text alike.
 */
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { placeWithSuburb } from '../../../shared/marketplace/place-names.ts';
import type { SmsFacts } from './texts.ts';

/** The facts of `booking`, as its viewer (the text's recipient) sees it. */
export function smsFactsOf(booking: BookingDto): SmsFacts {
  const { ride, driver, customer } = booking;
  const v = driver.vehicle;
  const locality = displayLocality(ride.pickup.locality);
  const address = ride.pickup.address.trim();
  return {
    recipient: booking.viewerRole === 'driver' ? 'driver' : 'customer',
    driverName: driver.companyName.trim() || driver.contact.name,
    customerName: customer.contact.name,
    pickupAt: ride.pickupAt,
    // The street or named place people look for; the locality too when the address leaves it out.
    pickupPlace: placeWithSuburb(ride.pickup),
    pickupStreet: address || locality,
    vehicle: [v.color.toLowerCase(), v.make, v.model, v.registration].filter((s) => s?.trim()).join(' '),
    plate: v.registration.trim(),
    returnPickupAt: booking.pair?.leg === 'outbound' ? booking.pair.other.ride.pickupAt : null,
  };
}
