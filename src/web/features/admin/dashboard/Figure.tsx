/** One figure of /admin-dashboard (issue 14): a label, the value and an optional line saying what it counts. */

export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

export function Figure({ label, value, detail }: { label: string; value: string | number; detail?: string }) {
  return (
    <div
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-card wrap-anywhere sm:p-4"
      data-testid="figure"
    >
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-brand-900 sm:text-3xl">{value}</dd>
      {detail && <dd className="text-sm text-slate-700">{detail}</dd>}
    </div>
  );
}
