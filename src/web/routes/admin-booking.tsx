/** /admin/bookings/{id} (SPEC §2.3, admin only): one booking as administrators oversee it. */
import { Link } from 'react-router';
import { BookingView } from './booking.tsx';

export default function AdminBookingPage() {
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin-dashboard"
        className="self-start font-semibold text-brand-dark underline underline-offset-4"
      >
        Back to the admin dashboard
      </Link>
      <BookingView admin />
    </div>
  );
}
