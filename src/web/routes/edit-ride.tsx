/** /edit-ride/{id}: change or cancel a request until it is booked. */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useEditRide, useRide } from '../features/marketplace/api.ts';
import { CancelRequestDialog } from '../features/marketplace/components/CancelRequestDialog.tsx';
import {
  emptyTrip,
  needsToForm,
  TripForm,
  type TripFormValues,
} from '../features/marketplace/components/TripForm.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

export default function EditRidePage() {
  usePageMeta('Edit Ride', 'Change a trip request until it is booked.');
  const { id = '' } = useParams();
  const ride = useRide(id);
  const edit = useEditRide(id);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (ride.isPending) return <Loading />;
  if (ride.error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Edit ride</h1>
        <p role="alert">This trip could not be found.</p>
      </div>
    );
  }
  const r = ride.data;
  if (r.status !== 'open') {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Edit ride</h1>
        <p>This request is {r.status} and can no longer be changed.</p>
      </div>
    );
  }
  const initial: TripFormValues = {
    ...emptyTrip,
    pickup: { ...r.pickup },
    destination: { ...r.destination },
    date: r.pickupLocal.date,
    time: r.pickupLocal.time,
    passengers: String(r.passengers),
    luggageBags: String(r.luggageBags),
    // Older trips' items (surfboard, bike...) are kept as they were; the needs below are the structured ones.
    largeItems: r.largeItems,
    needs: needsToForm(r.needs),
    budget: r.budgetCents === null ? '' : (r.budgetCents / 100).toFixed(2),
    notes: r.notes,
    flightNumber: r.flightNumber,
  };
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Edit ride</h1>
      <p className="text-slate-700">
        If you change the route, the time, the number of passengers or what you travel with (child seats,
        wheelchair, boards...), drivers who already quoted must confirm their quote again before you can
        accept it.
      </p>
      <TripForm
        initial={initial}
        mode="edit"
        submitLabel="Save changes"
        busyLabel="Saving..."
        serverError={error}
        onSubmit={async (body) => {
          setError(null);
          try {
            const { returnTrip: _ignored, ...rest } = body;
            await edit.mutateAsync(rest);
            toast({ title: 'Trip updated', variant: 'success' });
            navigate(`/driver-matching/${id}`);
          } catch (err) {
            setError(err instanceof ApiError ? err.message : 'Your changes could not be saved.');
          }
        }}
      />
      <section aria-labelledby="cancel-heading" className="flex flex-col gap-3">
        <h2 id="cancel-heading" className="text-xl font-bold">
          Cancel this request
        </h2>
        <p className="text-slate-700">You are asked to confirm, and told what happens to the quotes.</p>
        <CancelRequestDialog ride={r} />
      </section>
    </div>
  );
}
