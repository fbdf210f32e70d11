/**
 * /admin/exports (issue 14): the trip-records CSV for a date range and completed trips per month. Each is
 * checked with the API's own schema first, then fetched and saved, so a refusal is shown on the page.
 */
import { type FormEvent, useId, useState } from 'react';
import type { z } from 'zod';
import { completedTripsQuerySchema, tripRecordsQuerySchema } from '../../../../shared/admin/exports.ts';
import { isApiErrorBody } from '../../../../shared/api-errors.ts';
import { sydneyToday } from '../../../../shared/marketplace/time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/field.tsx';

async function download(url: string): Promise<void> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(
      isApiErrorBody(body) ? body.error.message : 'The export could not be made. Please try again.',
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

function ExportForm({
  title,
  description,
  path,
  schema,
  type,
  defaults,
}: {
  title: string;
  description: string;
  path: string;
  schema: z.ZodType<{ from: string; to: string }>;
  type: 'date' | 'month';
  defaults: { from: string; to: string };
}) {
  const [values, setValues] = useState(defaults);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await download(`${path}?${new URLSearchParams(parsed.data)}`);
      setDone(`Downloaded: ${title.toLowerCase()} ${parsed.data.from} to ${parsed.data.to}.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="text-slate-700">{description}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        {(['from', 'to'] as const).map((k) => (
          <div key={k} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${k}`} className="font-semibold">
              {k === 'from' ? 'From' : 'To'}
            </label>
            <input
              id={`${id}-${k}`}
              type={type}
              value={values[k]}
              onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
              className="rounded-md border border-slate-400 bg-white px-3 py-2"
            />
          </div>
        ))}
        <Button type="submit" disabled={busy}>
          {busy ? 'Preparing...' : 'Download CSV'}
        </Button>
      </form>
      <FormError message={error} />
      {done && (
        <p role="status" className="text-green-800">
          {done}
        </p>
      )}
    </Card>
  );
}

export function Exports() {
  const today = sydneyToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  return (
    <div className="flex flex-col gap-6">
      <ExportForm
        title="Trip records"
        description="Every booking with its pickup in the range (Sydney dates): when, from and to, the driver's business and authorisation number, the fare and the status. Keep these for the NSW Point to Point Transport Commissioner."
        path="/api/admin/exports/trip-records.csv"
        schema={tripRecordsQuerySchema}
        type="date"
        defaults={{ from: monthStart, to: today }}
      />
      <ExportForm
        title="Completed trips per month"
        description="The number of completed trips in each month (by pickup date, Sydney time): the count the passenger service levy is based on."
        path="/api/admin/exports/completed-trips.csv"
        schema={completedTripsQuerySchema}
        type="month"
        defaults={{ from: today.slice(0, 7), to: today.slice(0, 7) }}
      />
    </div>
  );
}
