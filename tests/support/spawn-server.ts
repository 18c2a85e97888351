// Starts the production build as a child process on a free loopback port,
// with its own data folder, and waits until it reports healthy.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

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

export async function spawnServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = "";
  // The production build, started as `npm run serve` starts it: compiled JavaScript on node.
  const child = spawn(process.execPath, ["build/server.js"], {
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
      // The tests serve calendar feeds on loopback over plain http.
      CALENDAR_FEEDS_ALLOW_LOCAL: "true",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  await waitForHealth(baseURL, child, () => output);
  return {
    baseURL,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
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
  child.kill("SIGKILL");
  throw new Error(`the server did not become healthy within 60 s:\n${log()}`);
}
