/**
 * A daily chart on /admin-dashboard (issue 14), drawn with Chart.js. Only the admin dashboard's lazy route
 * imports this file, so the chart library never loads on other pages. The canvas is an image with a summary
 * for screen readers; the numbers are also in a table under "Show the numbers".
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** "25 Nov" from "2026-11-25". */
function shortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

export function DailyChart({
  title,
  dates,
  series,
}: {
  title: string;
  dates: string[];
  series: ChartSeries[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: dates.map(shortDate),
        datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [dates, series]);
  const totals = series.map((s) => `${s.label}: ${s.values.reduce((a, b) => a + b, 0)}`).join(', ');
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{title}</figcaption>
      <div className="relative h-48 w-full">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${title}, per day from ${dates[0]} to ${dates.at(-1)}. ${totals}.`}
        />
      </div>
      <details>
        <summary className="cursor-pointer text-sm text-brand-600 underline">Show the numbers</summary>
        {/* Scrolls when long: focusable so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <div
          className="max-h-64 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600"
          role="region"
          aria-label={`${title}: the numbers`}
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  Day
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-2 py-1 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dates.map((d, i) => (
                <tr key={d} className="border-t border-slate-200">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {d}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="px-2 py-1 text-right">
                      {s.values[i]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
