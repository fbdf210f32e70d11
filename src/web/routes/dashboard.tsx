/** /dashboard and /schedule: customers see the customer dashboard; drivers and admins the driver one (SPEC §2.3). */
import { Link } from 'react-router';
import { Card } from '../components/ui/card.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRBAC } from '../features/auth/rbac.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

function Tile({ to, title, text }: { to: string; title: string; text: string }) {
  return (
    <Card className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">
        <Link to={to} className="text-brand-dark underline-offset-4 hover:underline">
          {title}
        </Link>
      </h2>
      <p className="text-sm text-slate-700">{text}</p>
    </Card>
  );
}

export default function DashboardPage() {
  const { user } = useAuth();
  const { isDriver } = useRBAC();
  usePageMeta('Dashboard', 'Your trips, quotes and bookings at a glance.');
  const firstName = user?.fullName.split(' ')[0] ?? '';
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">{isDriver ? 'Driver dashboard' : 'Your dashboard'}</h1>
        <p className="mt-2 text-slate-700">Welcome back, {firstName}.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isDriver ? (
          <>
            <Tile
              to="/available-rides"
              title="Available rides"
              text="Open trip requests you can quote for."
            />
            <Tile to="/bookings" title="Bookings" text="Trips customers booked with you." />
            <Tile
              to="/driver-profile"
              title="Business profile"
              text="Your BSP number, vehicle, insurance and hours."
            />
            <Tile to="/ratings" title="Ratings" text="What customers said about your trips." />
          </>
        ) : (
          <>
            <Tile
              to="/book-ride"
              title="Book a ride"
              text="Post a trip and receive quotes from local drivers."
            />
            <Tile to="/my-quotes" title="My quotes" text="Compare the quotes for your open requests." />
            <Tile to="/bookings" title="Bookings" text="Your booked trips and driver details." />
            <Tile to="/ride-history" title="Ride history" text="Your past trips." />
          </>
        )}
      </div>
    </div>
  );
}
