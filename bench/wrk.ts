// The static page's throughput measured with wrk, a load client in C that is
// not itself the limit (issue 32, item 4), the app beside nginx, alternating;
// each load client's own ceiling: how many requests a second it makes of
// nginx sending a two-byte page, the most either could ever measure here; and
// Node's own: plain node:http processes sending the app's bytes (plain-node.ts).
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { closedLoop } from "./load";
import type { BenchOptions } from "./options";
import { startPlainNode } from "./plain-node";
import { figure, note, type Target } from "./report";
import { median, ratio, withSpread } from "./stats";

const run = promisify(execFile);
const WRK = "/usr/bin/wrk";
/** What a browser asks for; the plain Node server is given the app's answer to it. */
const ACCEPT_ENCODING = "br, gzip";

/** A page of two bytes nginx serves beside the build (bench/run.ts saves it). */
export const CEILING_PAGE = "/bench-ceiling";
export const ceilingPage = "ok";

/** Requests a second wrk reached, closed loop, one thread (the machine has two cores). */
async function wrk(url: string, options: BenchOptions): Promise<number> {
  const { stdout } = await run(WRK, [
    "--threads=1",
    `--connections=${options.connections}`,
    `--duration=${options.seconds}s`,
    `--header=Accept-Encoding: ${ACCEPT_ENCODING}`,
    url,
  ]);
  const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  const failed = /Non-2xx or 3xx responses: (\d+)|Socket errors: .*/.exec(stdout)?.[0];
  if (failed) note(`wrk ${url}: ${failed}`);
  if (!perSecond) throw new Error(`wrk printed no rate for ${url}:\n${stdout}`);
  return Number(perSecond);
}

export async function benchWithWrk(b: {
  path: string;
  app: string;
  nginx: string;
  /** The app's web processes: the plain Node server runs as many. */
  processes: number;
  options: BenchOptions;
  ratioTarget: Target;
}) {
  if (!existsSync(WRK)) throw new Error("wrk is not installed (scripts/install-bench-deps.sh)");
  const { path, options } = b;
  const plain = await startPlainNode(b.app, path, ACCEPT_ENCODING, b.processes);
  const runs: {
    app: number;
    nginx: number;
    plainNode: number;
    wrkCeiling: number;
    ownCeiling: number;
  }[] = [];
  try {
    for (let r = 0; r < options.repetitions; r++) {
      const app = await wrk(`${b.app}${path}`, options);
      const nginx = await wrk(`${b.nginx}${path}`, options);
      const plainNode = await wrk(`${plain.origin}${path}`, options);
      const wrkCeiling = await wrk(`${b.nginx}${CEILING_PAGE}`, options);
      const own = await closedLoop({
        origin: b.nginx,
        next: () => ({ path: CEILING_PAGE }),
        seconds: options.seconds,
        connections: options.connections,
      });
      runs.push({ app, nginx, plainNode, wrkCeiling, ownCeiling: own.throughput });
      process.stdout.write(".");
    }
  } finally {
    await plain.stop();
  }
  process.stdout.write("\n");
  const pick = (f: (r: (typeof runs)[number]) => number) => runs.map(f);
  figure(
    `${path} max throughput with wrk (1 thread, ${options.connections} connections), requests/s`,
    `app ${withSpread(pick((r) => r.app))}, nginx ${withSpread(pick((r) => r.nginx))}`,
  );
  const ratios = pick((r) => ratio(r.app, r.nginx));
  figure(`${path} with wrk app/nginx`, withSpread(ratios, 2), median(ratios), b.ratioTarget);
  figure(
    `Node's own ceiling: plain node:http processes, as many as the app's, sending ${path}'s bytes and headers, requests/s; plain Node/nginx; app/plain Node`,
    `${withSpread(pick((r) => r.plainNode))}; ${withSpread(
      pick((r) => ratio(r.plainNode, r.nginx)),
      2,
    )}; ${withSpread(
      pick((r) => ratio(r.app, r.plainNode)),
      2,
    )}`,
  );
  figure(
    "load clients' ceilings (nginx sending a 2-byte page), requests/s",
    `wrk ${withSpread(pick((r) => r.wrkCeiling))}, this process's client ${withSpread(pick((r) => r.ownCeiling))}`,
  );
}
