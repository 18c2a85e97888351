// The options of `npm run bench`, parsed once. Durations are per measurement:
// each measurement is repeated `repetitions` times and the median reported.
export const phaseNames = [
  "static",
  "bookings",
  "availability",
  "timeline",
  "creations",
  "pages",
  "lighthouse",
  "startup",
  "backoffice",
] as const;
export type PhaseName = (typeof phaseNames)[number];

export type BenchOptions = {
  phases: Set<PhaseName>;
  build: boolean;
  install: boolean;
  quick: boolean;
  repetitions: number;
  /** Seconds of each open- or closed-loop measurement. */
  seconds: number;
  /** Keep-alive connections of the closed loop that finds the maximum throughput. */
  connections: number;
  bookingCounts: [number, number];
  /** The back office's baseline and large booking counts. */
  backOfficeCounts: [number, number];
  results: string;
  databaseUrl: string | undefined;
};

export const usage = `npm run bench [-- options]
  --only=static,bookings,availability,timeline,creations,pages,lighthouse,startup,backoffice   (default: all)
  --quick             1 repetition, 3 s per measurement, 1 Lighthouse run per page
  --runs=N            repetitions of every measurement (default 3)
  --seconds=N         seconds per measurement (default 8)
  --connections=N     closed-loop connections for maximum throughput (default 32)
  --bookings=20000,100000   the two booking counts of the availability phase (the timeline's: the second)
  --backoffice-bookings=10000,1000000   the back office's baseline and large booking counts
  --results=FILE      where the figures are written (default bench/RESULTS.md)
  --no-build          use the existing build/ instead of running npm run build
  --no-install        do not run scripts/install-bench-deps.sh
BENCH_DATABASE_URL    a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
                      a fresh database is created for each data set and dropped after.`;

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

function twoCounts(value: string, name: string): [number, number] {
  const counts = value.split(",").map(Number);
  const [small, large] = counts;
  if (counts.length !== 2 || !small || !large || small <= 0 || large <= 0)
    throw new Error(`--${name} takes two counts, e.g. --${name}=20000,100000`);
  return [small, large];
}

export function parseOptions(argv: string[], env = process.env): BenchOptions {
  const args = new Map<string, string | undefined>();
  for (const arg of argv) {
    if (arg === "--") continue;
    if (!arg.startsWith("--")) throw new Error(`unknown argument ${arg}\n${usage}`);
    const [key = "", value] = arg.slice(2).split(/=(.*)/s);
    args.set(key, value);
  }
  const known = new Set([
    "only",
    "quick",
    "runs",
    "seconds",
    "connections",
    "bookings",
    "backoffice-bookings",
    "results",
    "no-build",
    "no-install",
    "help",
  ]);
  for (const key of args.keys())
    if (!known.has(key)) throw new Error(`unknown option --${key}\n${usage}`);
  if (args.has("help")) {
    console.log(usage);
    process.exit(0);
  }
  const only = args.get("only");
  const phases = new Set<PhaseName>(phaseNames);
  if (only) {
    phases.clear();
    for (const name of only.split(",")) {
      if (!(phaseNames as readonly string[]).includes(name))
        throw new Error(`--only: unknown phase ${name} (one of ${phaseNames.join(", ")})`);
      phases.add(name as PhaseName);
    }
  }
  const quick = args.has("quick");
  const [small, large] = twoCounts(args.get("bookings") ?? "20000,100000", "bookings");
  const backOfficeCounts = twoCounts(
    args.get("backoffice-bookings") ?? "10000,1000000",
    "backoffice-bookings",
  );
  return {
    phases,
    build: !args.has("no-build"),
    install: !args.has("no-install"),
    quick,
    repetitions: Math.round(numberOption(args.get("runs"), "runs", quick ? 1 : 3)),
    seconds: numberOption(args.get("seconds"), "seconds", quick ? 3 : 8),
    connections: Math.round(numberOption(args.get("connections"), "connections", 32)),
    bookingCounts: [small, large],
    backOfficeCounts,
    results: args.get("results") ?? "bench/RESULTS.md",
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
  };
}
