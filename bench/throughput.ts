// Throughput and latency of one path, the app beside nginx serving the same
// bytes: the maximum (closed loop) and p99 at a fixed rate (open loop), each
// repeated, the two servers alternating within each repetition.
import { closedLoop, errorText, type Outcome, openLoop } from "./load";
import type { BenchOptions } from "./options";
import { correctnessFailure, figure, note, type Target } from "./report";
import { median, ratio, withSpread } from "./stats";

export type PathBench = {
  path: string;
  app: string;
  nginx: string;
  /** nginx sending only its own headers: its throughput is printed beside, without a target. */
  plainNginx?: string;
  rate: number;
  options: BenchOptions;
  /** Targets of the app's own figures (req/s and ms), when the issue states them. */
  maxTarget?: Target;
  p99Target?: Target;
  /** Targets of app/nginx ratios. */
  maxRatioTarget?: Target;
  p99RatioTarget?: Target;
};

async function warm(origin: string, path: string) {
  await closedLoop({
    origin,
    next: () => ({ path }),
    seconds: 1,
    connections: 4,
    maxRequests: 200,
  });
}

function check(server: string, what: string, o: Outcome) {
  const text = errorText(o);
  if (!text) return;
  // Our own cut-off under overload is a measured queue, not a wrong answer.
  const wrong = Object.keys(o.statuses).some((k) => k !== "200" && k !== "cut off");
  if (wrong) correctnessFailure(`${server} ${what}: ${text}`);
  else note(`${server} ${what}: ${text}`);
}

const ms = (values: number[]) => withSpread(values, 1);

export async function benchPath(b: PathBench) {
  const { path, options } = b;
  if (!b.app || !b.nginx) throw new Error("the app or nginx is not running (see above)");
  const next = () => ({ path });
  await warm(b.app, path);
  await warm(b.nginx, path);
  if (b.plainNginx) await warm(b.plainNginx, path);
  const runs: {
    app: Outcome;
    nginx: Outcome;
    plain?: Outcome;
    appAt: Outcome;
    nginxAt: Outcome;
  }[] = [];
  for (let r = 0; r < options.repetitions; r++) {
    const closed = { next, seconds: options.seconds, connections: options.connections };
    const app = await closedLoop({ origin: b.app, ...closed });
    const nginx = await closedLoop({ origin: b.nginx, ...closed });
    const plain = b.plainNginx ? await closedLoop({ origin: b.plainNginx, ...closed }) : undefined;
    const open = { next, seconds: options.seconds, rate: b.rate };
    const appAt = await openLoop({ origin: b.app, ...open });
    const nginxAt = await openLoop({ origin: b.nginx, ...open });
    runs.push({ app, nginx, plain, appAt, nginxAt });
    for (const [server, what, o] of [
      ["app", "closed loop", app],
      ["nginx", "closed loop", nginx],
      ["app", `${b.rate}/s`, appAt],
      ["nginx", `${b.rate}/s`, nginxAt],
    ] as const)
      check(server, `${path} ${what}`, o);
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  const pick = (f: (r: (typeof runs)[number]) => number) => runs.map(f);
  const first = runs[0];
  if (first)
    note(
      `bytes per answer (accept-encoding: br, gzip): app ${first.app.bytes} (${Object.keys(first.app.encodings).join("/")}), nginx ${first.nginx.bytes} (${Object.keys(first.nginx.encodings).join("/")})`,
    );
  const maxRatios = pick((r) => ratio(r.app.throughput, r.nginx.throughput));
  figure(
    `${path} max throughput (closed loop, ${options.connections} keep-alive connections), requests/s`,
    `app ${withSpread(pick((r) => r.app.throughput))}, nginx ${withSpread(pick((r) => r.nginx.throughput))}`,
    median(pick((r) => r.app.throughput)),
    b.maxTarget,
  );
  if (b.maxRatioTarget)
    figure(
      `${path} max throughput app/nginx`,
      withSpread(maxRatios, 2),
      median(maxRatios),
      b.maxRatioTarget,
    );
  if (b.plainNginx) {
    const plain = pick((r) => r.plain?.throughput ?? 0);
    figure(
      `${path} max throughput of nginx with only its own headers, requests/s; app/that`,
      `${withSpread(plain)}; ${withSpread(
        pick((r) => ratio(r.app.throughput, r.plain?.throughput ?? 0)),
        2,
      )}`,
    );
  }
  figure(
    `${path} at ${b.rate} requests/s (open loop, ${options.seconds} s) p50, ms`,
    `app ${ms(pick((r) => r.appAt.p50))}, nginx ${ms(pick((r) => r.nginxAt.p50))}`,
  );
  figure(
    `${path} at ${b.rate} requests/s p99, ms`,
    `app ${ms(pick((r) => r.appAt.p99))}, nginx ${ms(pick((r) => r.nginxAt.p99))}`,
    median(pick((r) => r.appAt.p99)),
    b.p99Target,
    " ms",
  );
  if (b.p99RatioTarget) {
    const p99Ratios = pick((r) => ratio(r.appAt.p99, r.nginxAt.p99));
    figure(
      `${path} p99 at ${b.rate}/s app/nginx`,
      withSpread(p99Ratios, 2),
      median(p99Ratios),
      b.p99RatioTarget,
    );
  }
}

/**
 * The same page asked with a new query string every time (an advert's tag, a
 * shared link: what a realistic visitor sends), beside the page asked as it is:
 * max throughput of each, alternating, and their ratio.
 */
export async function benchNewQueries(b: {
  app: string;
  path: string;
  options: BenchOptions;
  ratioTarget: Target;
}) {
  const { app, path, options } = b;
  const tagged = (n: number) =>
    `${path}?utm_source=bench-${n}-${Math.random().toString(36).slice(2)}`;
  const closed = { origin: app, seconds: options.seconds, connections: options.connections };
  await warm(app, path);
  const runs: { plain: Outcome; fresh: Outcome }[] = [];
  for (let r = 0; r < options.repetitions; r++) {
    const plain = await closedLoop({ ...closed, next: () => ({ path }) });
    const fresh = await closedLoop({ ...closed, next: (n) => ({ path: tagged(n) }) });
    check("app", `${path} closed loop`, plain);
    check("app", `${path}?<new query> closed loop`, fresh);
    runs.push({ plain, fresh });
    process.stdout.write(".");
  }
  process.stdout.write("\n");
  const ratios = runs.map((r) => ratio(r.fresh.throughput, r.plain.throughput));
  figure(
    `${path} with a new query string per request, max throughput, requests/s`,
    `${withSpread(runs.map((r) => r.fresh.throughput))}; ${path} as it is ${withSpread(runs.map((r) => r.plain.throughput))}`,
  );
  figure(
    `${path} new query strings / as it is`,
    withSpread(ratios, 2),
    median(ratios),
    b.ratioTarget,
  );
}
