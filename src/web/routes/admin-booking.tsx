/** /admin/bookings/{id} (SPEC §2.3, admin only): the booking as its parties see it, then the admin panel. */
import { Link, useParams } from 'react-router';
import { BookingAdminPanel } from '../features/admin/bookings/BookingAdminPanel.tsx';
import { BookingView } from './booking.tsx';

export default function AdminBookingPage() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin/bookings"
        className="self-start font-semibold text-brand-600 underline underline-offset-4"
      >
        All bookings
      </Link>
      <BookingView admin />
      <BookingAdminPanel id={id} />
    </div>
  );
}
