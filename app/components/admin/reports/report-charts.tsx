// The Reports screen's charts, drawn with Recharts. This module is imported
// lazily by chart-panel.tsx, in the browser only, so the charting library is
// loaded on this screen alone. Each chart sits in a labelled figure whose
// table (chart-panel.tsx) carries the same numbers for screen readers.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatMoney } from "#domain/format/money.ts";

// The theme's paddock green and earth brown (app.css), and a stone grey for the grid.
const GREEN = "#3c5424";
const EARTH = "#8a4b22";
const GRID = "#d6d3d1";
const TICK = { fill: "#44403c", fontSize: 12 };
const MARGIN = { top: 4, right: 16, bottom: 0, left: 0 };
// Campsite names sit beside their bars, so a long name never runs into the next.
const NAME_WIDTH = 112;

export function OccupancyLine({ data }: { data: { label: string; occupancy: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: -8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={TICK} interval="preserveStartEnd" minTickGap={16} />
        <YAxis tick={TICK} domain={[0, 100]} unit="%" width={52} />
        <Tooltip formatter={(value) => [`${value}%`, "Occupancy"]} />
        <Line
          type="linear"
          dataKey="occupancy"
          name="Occupancy"
          stroke={GREEN}
          strokeWidth={2}
          dot={data.length <= 31}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function RevenueBars({ data }: { data: { name: string; revenueCents: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          tick={TICK}
          tickFormatter={(cents: number) => formatMoney(cents).replace(/\.00$/, "")}
        />
        <YAxis type="category" dataKey="name" tick={TICK} width={NAME_WIDTH} />
        <Tooltip formatter={(value) => [formatMoney(Number(value)), "Revenue"]} />
        <Bar dataKey="revenueCents" name="Revenue" fill={GREEN} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ChannelBars({
  data,
}: {
  data: { name: string; here: number; imported: number }[];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tick={TICK} allowDecimals={false} />
        <YAxis type="category" dataKey="name" tick={TICK} width={NAME_WIDTH} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: "#44403c" }} />
        <Bar dataKey="here" name="Booked on this site" fill={GREEN} isAnimationActive={false} />
        <Bar
          dataKey="imported"
          name="Closed by imported calendars"
          fill={EARTH}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
