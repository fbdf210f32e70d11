/** /admin/bookings (admin, issue 14). */
import { BookingsList } from '../features/admin/bookings/BookingsList.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function AdminBookingsPage() {
  usePageMeta('Bookings', 'Every booking, for administrators.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Bookings</h1>
      <BookingsList />
    </div>
  );
}
