// The server under test: the production build started as `npm run serve`
// starts it (node build/server.js, NODE_ENV=production), a child process on a
// free loopback port. Like tests/support/spawn-server.ts, but it waits up to
// 3 minutes for health, since a PGlite start on a busy 2-core machine can
// take longer than the tests' minute.
import { spawn } from "node:child_process";
import { freePort, type RunningServer } from "#tests/support/spawn-server.ts";

export async function startAppServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = "";
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
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (${child.signalCode ?? `code ${child.exitCode}`}) before it was healthy:\n${output.slice(-2000)}`,
      );
    const ok = await fetch(`${baseURL}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { baseURL, child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  await exited;
  throw new Error(`the server did not become healthy within 3 minutes:\n${output.slice(-2000)}`);
}
