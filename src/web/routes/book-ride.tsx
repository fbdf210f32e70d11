/** /book-ride: post a trip; then /ride-confirmation shows what was posted. */

import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toast.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useCreateRide } from '../features/marketplace/api.ts';
import { emptyTrip, TripForm } from '../features/marketplace/components/TripForm.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function BookRidePage() {
  usePageMeta(
    'Book a Ride',
    'Post a trip: pickup, destination, date and time, passengers, luggage and budget.',
  );
  const navigate = useNavigate();
  const create = useCreateRide();
  const { user } = useAuth();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Book a ride</h1>
        <p className="mt-2 text-slate-700">
          Tell local shuttle businesses where and when you are going. They quote; you choose. Times are Sydney
          time.
        </p>
      </div>
      {user?.isTest && <p className="text-amber-900">A test session cannot post trips.</p>}
      <TripForm
        initial={emptyTrip}
        mode="create"
        submitLabel="Post my trip"
        busyLabel="Posting..."
        serverError={error}
        onSubmit={async (body) => {
          setError(null);
          try {
            const res = await create.mutateAsync(body);
            toast({
              title: 'Trip posted',
              description: 'Drivers who match your trip can now quote.',
              variant: 'success',
            });
            navigate(`/ride-confirmation?ride=${res.ride.id}`);
          } catch (err) {
            setError(
              err instanceof ApiError ? err.message : 'Your trip could not be posted. Please try again.',
            );
          }
        }}
      />
    </div>
  );
}
