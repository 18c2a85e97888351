// Load generation over keep-alive connections (undici's Pool), in the bench's
// own process, apart from the server under test:
// - openLoop: requests sent at a fixed rate whatever the server does, each
//   one's latency measured from the moment it was scheduled, so time spent
//   queued (in the pool or in the server) counts, as a visitor would feel it;
// - closedLoop: N connections each sending its next request as soon as the
//   last one is answered, for the maximum throughput.
import { setMaxListeners } from "node:events";
import { Pool } from "undici";
import { percentile } from "./stats";

/** What a browser sends: compressed answers if the server has them. */
export const browserHeaders = { "accept-encoding": "br, gzip" };

export type BenchRequest = {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
};

export type Outcome = {
  /** Completed requests with the expected status. */
  ok: number;
  /** Answers with another status, and requests that failed or were cut off. */
  errors: number;
  statuses: Record<string, number>;
  encodings: Record<string, number>;
  /** Median body bytes as transferred (compressed). */
  bytes: number;
  seconds: number;
  /** Successful answers per second. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  /** One body of an unexpected answer, to say why. */
  sample?: string;
};

type Result = { status: number; ms: number; bytes: number; encoding: string; body?: string };

async function send(
  pool: Pool,
  req: BenchRequest,
  start: number,
  signal: AbortSignal,
  expected: number,
): Promise<Result> {
  try {
    const res = await pool.request({
      path: req.path,
      method: req.method ?? "GET",
      headers: { ...browserHeaders, ...req.headers },
      body: req.body,
      signal,
    });
    let bytes = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (res.statusCode !== expected && bytes < 2000) chunks.push(chunk as Buffer);
    }
    const encoding = String(res.headers["content-encoding"] ?? "identity");
    const body = chunks.length ? Buffer.concat(chunks).toString("utf8").slice(0, 300) : undefined;
    return { status: res.statusCode, ms: performance.now() - start, bytes, encoding, body };
  } catch (error) {
    const name = signal.aborted ? "cut off" : `failed: ${(error as Error).message}`;
    return { status: 0, ms: performance.now() - start, bytes: 0, encoding: name };
  }
}

function summarise(results: Result[], seconds: number, expected: number): Outcome {
  const statuses: Record<string, number> = {};
  const encodings: Record<string, number> = {};
  const latencies: number[] = [];
  const sizes: number[] = [];
  let ok = 0;
  let sample: string | undefined;
  for (const r of results) {
    const key = r.status === 0 ? r.encoding : String(r.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    // Every request counts in the latencies, failed ones too: a cut-off request waited at least that long.
    latencies.push(r.ms);
    if (r.status === expected) {
      ok++;
      sizes.push(r.bytes);
      encodings[r.encoding] = (encodings[r.encoding] ?? 0) + 1;
    } else sample ??= r.body;
  }
  latencies.sort((a, b) => a - b);
  sizes.sort((a, b) => a - b);
  return {
    ok,
    errors: results.length - ok,
    statuses,
    encodings,
    bytes: percentile(sizes, 50),
    seconds,
    throughput: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    sample,
  };
}

export type LoadOptions = {
  origin: string;
  /** The i-th request (of the closed loop's `worker`); undefined: that worker is done. */
  next: (i: number, worker: number) => BenchRequest | undefined;
  seconds: number;
  expected?: number;
  /** How long stragglers may take after the last request was due (ms). */
  drainMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `rate` requests a second for `seconds`, on up to `connections` keep-alive connections. */
export async function openLoop(
  options: LoadOptions & { rate: number; connections?: number },
): Promise<Outcome> {
  const { origin, next, seconds, rate, expected = 200, drainMs = 10_000 } = options;
  // Enough connections that the pool, not a lack of sockets, is never what queues at the target rates.
  const pool = new Pool(origin, { connections: options.connections ?? 256, pipelining: 1 });
  const cutOff = new AbortController();
  setMaxListeners(0, cutOff.signal); // one listener per request in flight
  const total = Math.round(rate * seconds);
  const pending: Promise<Result>[] = [];
  const start = performance.now() + 20;
  try {
    for (let i = 0; i < total; ) {
      const now = performance.now();
      // Send every request whose time has come; the latency starts at its due time.
      while (i < total && start + (i * 1000) / rate <= now) {
        const req = next(i, i);
        if (!req) throw new Error(`no request ${i} to send`);
        pending.push(send(pool, req, start + (i * 1000) / rate, cutOff.signal, expected));
        i++;
      }
      if (i < total) await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()));
    }
    const timer = setTimeout(() => cutOff.abort(), drainMs);
    const results = await Promise.all(pending);
    clearTimeout(timer);
    return summarise(results, seconds, expected);
  } finally {
    await pool.destroy();
  }
}

/** `connections` clients each sending its next request when the last is answered. */
export async function closedLoop(
  options: LoadOptions & { connections: number; maxRequests?: number },
): Promise<Outcome> {
  const { origin, next, seconds, connections, expected = 200, maxRequests = 1e7 } = options;
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const cutOff = new AbortController();
  setMaxListeners(0, cutOff.signal); // one listener per request in flight
  const results: Result[] = [];
  let sent = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const timer = setTimeout(() => cutOff.abort(), seconds * 1000 + (options.drainMs ?? 10_000));
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        while (performance.now() < deadline && sent < maxRequests) {
          const req = next(sent++, worker);
          if (!req) return;
          results.push(await send(pool, req, performance.now(), cutOff.signal, expected));
        }
      }),
    );
    return summarise(results, (performance.now() - started) / 1000, expected);
  } finally {
    clearTimeout(timer);
    await pool.destroy();
  }
}

/** "12 of 2400 failed (503: 10, cut off: 2)" or "" when none did. */
export function errorText(o: Outcome): string {
  if (o.errors === 0) return "";
  const kinds = Object.entries(o.statuses)
    .filter(([k]) => k !== "200" && k !== "201")
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  return `${o.errors} of ${o.ok + o.errors} failed (${kinds})${o.sample ? `, e.g. ${o.sample.replace(/\s+/g, " ")}` : ""}`;
}
