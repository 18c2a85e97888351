// Starts the production build as a child process on a free loopback port,
// with its own data folder, and waits until it reports healthy; and
// setupOwnServer, such a server for a test file of its own.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { present } from "#server/testing/present.ts";
import { type SmtpSink, startSmtpSink } from "#server/testing/smtp-sink.ts";
import { freshDataDir } from "./data-template";

/** The node flags `npm run serve` gives (package.json), so that the tests' server runs as deployed. */
const SERVE_FLAGS: string[] = (() => {
  const { scripts } = JSON.parse(
    readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
  );
  const flags = /\bnode ((?:--\S+ )*)build\/server\.js/.exec(scripts.serve)?.[1] ?? "";
  return flags.split(" ").filter(Boolean);
})();

export type RunningServer = {
  baseURL: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The processes `pid` started: a server's web processes (Linux, from /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number),
  );
}

/** Waits, up to `seconds`, until `check` holds; asks again every 100 ms. */
export async function until(check: () => boolean, seconds: number, what: string) {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function spawnServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  {
    healthSeconds = 60,
    clockAheadSeconds,
  }: {
    /** How long to wait for health (a PGlite start on a busy machine can take more than a minute). */
    healthSeconds?: number;
    /** The server's clock this far ahead of the machine's (faketime): its days, workers and all. */
    clockAheadSeconds?: number;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = "";
  // The production build, started as `npm run serve` starts it: compiled JavaScript on node,
  // with its flags.
  const command = [process.execPath, ...SERVE_FLAGS, "build/server.js"];
  const [program = "", ...args] =
    clockAheadSeconds === undefined
      ? command
      : ["faketime", "-f", `+${Math.round(clockAheadSeconds)}s`, ...command];
  const child = spawn(program, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      // A farm with an ABN (the ATO's example), registered for GST: tax invoices.
      SITE_ABN: "51 824 753 556",
      // The tests serve calendar feeds on loopback over plain http.
      CALENDAR_FEEDS_ALLOW_LOCAL: "true",
      // One process, whose output and exit are the server's; web-processes.e2e.ts runs several.
      WEB_PROCESSES: "1",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // faketime runs the server as its child and does not pass signals on: its group gets them.
    detached: clockAheadSeconds !== undefined,
  });
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.pid === undefined) return;
    if (clockAheadSeconds === undefined) child.kill(name);
    else process.kill(-child.pid, name);
  };
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  await waitForHealth(
    baseURL,
    child,
    () => output,
    healthSeconds,
    () => signal("SIGKILL"),
  );
  return {
    baseURL,
    child,
    output: () => output,
    stop: async () => {
      signal("SIGTERM");
      return exited;
    },
  };
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  log: () => string,
  seconds: number,
  kill: () => void,
) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  kill();
  throw new Error(`the server did not become healthy within ${seconds} s:\n${log()}`);
}

/**
 * A server of the test file's own, on a fresh copy of the data template:
 * `prepare` runs first on its data folder (the embedded database allows one
 * process at a time), and with `mail` an SMTP sink on loopback receives what
 * it sends. Started before the file's tests; stopped, and its folder removed,
 * after them.
 */
export function setupOwnServer(
  prefix: string,
  options: {
    env?: Record<string, string>;
    mail?: boolean;
    prepare?: (dataDir: string) => void;
  } = {},
): { server: () => RunningServer; sink: () => SmtpSink } {
  const dataDir = freshDataDir(prefix);
  let server: RunningServer | undefined;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    options.prepare?.(dataDir);
    if (options.mail) sink = await startSmtpSink();
    server = await spawnServer(dataDir, {
      ...(sink ? { SMTP_URL: sink.url } : {}),
      ...options.env,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    server: () => present(server, "the file's server (started before its tests)"),
    sink: () => present(sink, "the file's SMTP sink (setupOwnServer with mail)"),
  };
}
