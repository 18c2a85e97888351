// Node's own ceiling for a page (issue 32, item 4): a plain node:http server,
// in processes of its own on the same Node (as many as the app's web
// processes, through node:cluster as the app's), sending the app's answer for
// one address (its bytes and every header, fetched once) to every request,
// with nothing else loaded. What no Node app could beat on this machine; the wrk
// phase measures it beside the app and nginx.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { request } from "undici";

export type PlainNode = { origin: string; stop: () => Promise<void> };

/** Headers that belong to one connection or one moment, which node:http writes itself. */
const perConnection = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** The server, run with `node -e`: the answer's files in argv, its port on stdout. */
const SERVER = `
const cluster = require("node:cluster");
const http = require("node:http");
const fs = require("node:fs");
const [bodyFile, headersFile, processes] = process.argv.slice(1);
if (cluster.isPrimary && Number(processes) > 1) {
  for (let i = 0; i < Number(processes); i++) cluster.fork();
  let listening = 0;
  cluster.on("listening", (_worker, address) => {
    if (++listening === Number(processes)) console.log(address.port);
  });
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers)) worker.kill();
    process.exit(0);
  });
} else {
  const body = fs.readFileSync(bodyFile);
  const headers = JSON.parse(fs.readFileSync(headersFile, "utf8"));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  // Workers that listen on port 0 share one port, which the primary prints.
  server.listen(0, "127.0.0.1", () => cluster.isWorker || console.log(server.address().port));
}
`;

/**
 * Starts the plain server, in `processes` processes, with the answer `origin`
 * gives for `urlPath` in `encoding`.
 */
export async function startPlainNode(
  origin: string,
  urlPath: string,
  encoding: string,
  processes: number,
): Promise<PlainNode> {
  const res = await request(`${origin}${urlPath}`, { headers: { "accept-encoding": encoding } });
  if (res.statusCode !== 200) throw new Error(`${urlPath} answered ${res.statusCode}`);
  const body = Buffer.from(await res.body.arrayBuffer());
  const headers = Object.fromEntries(
    Object.entries(res.headers).filter(([name]) => !perConnection.has(name)),
  );
  const dir = mkdtempSync(path.join(tmpdir(), "rcs-bench-plain-node-"));
  const bodyFile = path.join(dir, "body");
  const headersFile = path.join(dir, "headers.json");
  writeFileSync(bodyFile, body);
  writeFileSync(headersFile, JSON.stringify(headers));
  const child: ChildProcess = spawn(
    process.execPath,
    ["-e", SERVER, bodyFile, headersFile, String(processes)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = once(child, "exit").then(() => [Buffer.from("exited")]);
  const [line] = (await Promise.race([once(child.stdout ?? child, "data"), exited])) as [Buffer];
  const port = Number(line.toString().trim());
  if (!port) throw new Error(`the plain Node server printed no port: ${line}`);
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill();
        await once(child, "exit");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
