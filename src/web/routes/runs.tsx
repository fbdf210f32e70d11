/**
 * /runs (public, issue 31 item 2): drivers' runs and empty return legs, sold by the seat or the vehicle.
 * Search by places and date (kept in the address, so the home page and /book-ride link here filled in);
 * each result offers "Book 2 seats" and "Book the vehicle"; the chosen run's booking form follows. A guest
 * signs in and comes back here with their choice.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Field } from '../components/ui/field.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useRun, useRunSearch } from '../features/runs/api.ts';
import { BookRunForm } from '../features/runs/BookRunForm.tsx';
import { RunCard, type RunChoice } from '../features/runs/RunCard.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

export default function RunsPage() {
  usePageMeta('Seats on drivers’ runs', 'Book seats or a whole vehicle on a trip a driver is making anyway.');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const search = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    date: params.get('date') ?? '',
  };
  const [form, setForm] = useState(search);
  const runs = useRunSearch({
    from: search.from || undefined,
    to: search.to || undefined,
    date: search.date || undefined,
  });
  const chosenId = params.get('run');
  const chosen = useRun(chosenId);
  const choice: RunChoice =
    params.get('vehicle') === '1'
      ? { wholeVehicle: true }
      : { wholeVehicle: false, seats: Math.max(1, Number(params.get('seats')) || 1) };
  const bookingRef = useRef<HTMLDivElement>(null);

  // Choosing a run moves the focus to its booking form.
  useEffect(() => {
    if (chosen.data) bookingRef.current?.focus();
  }, [chosen.data]);

  function choose(runId: string, c: RunChoice) {
    const next = new URLSearchParams(params);
    next.set('run', runId);
    next.delete('seats');
    next.delete('vehicle');
    if (c.wholeVehicle) next.set('vehicle', '1');
    else next.set('seats', String(c.seats));
    setParams(next);
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Seats on drivers’ runs</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Drivers sell the seats on trips they are making anyway, often the drive home after an airport
          drop-off. Book a seat or the whole vehicle at a fixed price, with your own pickup and drop-off.
        </p>
      </div>
      <form
        role="search"
        aria-label="Find runs"
        className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams();
          if (form.from.trim()) next.set('from', form.from.trim());
          if (form.to.trim()) next.set('to', form.to.trim());
          if (form.date) next.set('date', form.date);
          setParams(next);
        }}
      >
        <Field
          label="From"
          placeholder="Suburb or place"
          value={form.from}
          maxLength={80}
          onChange={(e) => setForm({ ...form, from: e.target.value })}
        />
        <Field
          label="To"
          placeholder="Suburb or place"
          value={form.to}
          maxLength={80}
          onChange={(e) => setForm({ ...form, to: e.target.value })}
        />
        <Field
          label="Date"
          type="date"
          value={form.date}
          onChange={(e) => setForm({ ...form, date: e.target.value })}
        />
        <Button type="submit">Find runs</Button>
      </form>

      {chosenId && (
        <div ref={bookingRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
          {chosen.isPending ? (
            <SkeletonCards />
          ) : chosen.error || !chosen.data ? (
            <LoadError what="This run" error={chosen.error} onRetry={() => void chosen.refetch()} />
          ) : (
            <>
              <RunCard run={chosen.data} headingLevel={2} />
              <BookRunForm
                key={`${chosen.data.id}-${choice.wholeVehicle}-${choice.seats ?? ''}`}
                run={chosen.data}
                choice={choice}
                onBooked={(bookingId) => navigate(`/booking/${bookingId}`)}
              />
            </>
          )}
        </div>
      )}

      <section aria-labelledby="runs-results" className="flex flex-col gap-3">
        <h2 id="runs-results" className="text-xl font-semibold">
          {search.from || search.to || search.date ? 'Runs that match' : 'Upcoming runs'}
        </h2>
        {runs.isPending ? (
          <SkeletonCards />
        ) : runs.error ? (
          <LoadError what="Runs" error={runs.error} onRetry={() => void runs.refetch()} />
        ) : runs.data.length === 0 ? (
          <p className="text-slate-700">
            No runs match yet. Try another date or a nearby place, or post your trip and drivers will quote.
          </p>
        ) : (
          runs.data.map((run) => (
            <RunCard
              key={run.id}
              run={run}
              initialSeats={run.id === chosenId ? (choice.seats ?? 1) : 1}
              onChoose={(c) => choose(run.id, c)}
            />
          ))
        )}
      </section>
    </div>
  );
}
