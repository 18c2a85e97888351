// One chart of the Reports screen: its title, a sentence that says what it
// shows, the chart (drawn only in the browser, from a lazily loaded module, so
// no other screen loads the charting library) and the same numbers as a table.
import { lazy, Suspense, useEffect, useId, useState } from "react";

const charts = () => import("./report-charts");
export const OccupancyLine = lazy(() => charts().then((m) => ({ default: m.OccupancyLine })));
export const RevenueBars = lazy(() => charts().then((m) => ({ default: m.RevenueBars })));
export const ChannelBars = lazy(() => charts().then((m) => ({ default: m.ChannelBars })));

/** False while server-rendered and hydrating, true once the page runs in the browser. */
function useInBrowser() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return inBrowser;
}

export function ChartPanel({
  title,
  summary,
  chart,
  table,
  height = 256,
}: {
  title: string;
  /** In pixels: a bar chart grows with its campsites. */
  height?: number;
  /** The chart in a sentence: its text alternative, with the table. */
  summary: string;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  const id = useId();
  const inBrowser = useInBrowser();
  const waiting = (
    <p className="grid h-full place-items-center text-sm text-stone-700 noscript:hidden">
      Loading chart…
    </p>
  );
  // A browser without scripts never draws the chart: it is told where the numbers are.
  const noChart = (
    <p className="hidden h-full place-items-center text-center text-sm text-stone-700 noscript:grid">
      The chart is drawn with JavaScript. Its numbers are in the table below.
    </p>
  );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold text-stone-900">
        {title}
      </h3>
      <p id={`${id}-summary`} className="text-sm text-stone-700">
        {summary}
      </p>
      <div
        role="img"
        aria-label={`Chart: ${title}`}
        aria-describedby={`${id}-summary`}
        data-chart={title}
        className="w-full min-w-0"
        style={{ height }}
      >
        {inBrowser ? (
          <Suspense fallback={waiting}>{chart}</Suspense>
        ) : (
          <>
            {waiting}
            {noChart}
          </>
        )}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-paddock-800 underline-offset-4 hover:underline">
          {title} as a table
        </summary>
        <div className="mt-2">{table}</div>
      </details>
    </section>
  );
}
