// The baseline: Debian's nginx serving a copy of build/client (plus pages
// saved from the app, e.g. /bookings) as a static site is deployed, every
// text file compressed beforehand (gzip_static, brotli_static when the module
// is installed), sendfile on; at the addresses given, the app's own headers
// added, so that both answer with the same bytes. Its own configuration,
// prefix and pid file in a temporary folder, on a free loopback port; as many
// worker processes as the app has web processes. Stopped, and the folder
// removed, by stop().
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { freePort } from "#tests/support/spawn-server.ts";

const brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const compressible = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|data|ico)$/;

export type Nginx = { origin: string; brotli: boolean; stop: () => Promise<void> };
/** Response headers by URL path (e.g. the app's security headers for "/"). */
export type PageHeaders = Record<string, Record<string, string>>;

/** Writes name.gz and name.br beside every text file that has none yet. */
function precompress(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (compressible.test(entry.name)) {
      const body = readFileSync(file);
      if (!existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      if (!existsSync(`${file}.br`))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
    }
  }
}

/** Headers of the app's own answer that nginx writes itself, or that belong to a connection. */
const nginxOwn = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-type",
  "content-encoding",
  "etag",
  "last-modified",
  "vary",
  "accept-ranges",
  "server",
]);

/** How nginx finds a page's file: the build's own, its index.html, or a saved page's .html. */
const TRY_FILES = "try_files $uri $uri/index.html $uri.html =404;";

/** `location = /path` blocks adding the app's headers for that address, as a deployment would. */
function headerLocations(headers: PageHeaders): string {
  return Object.entries(headers)
    .map(([urlPath, fields]) => {
      if (!/^\/[\w./-]*$/.test(urlPath)) throw new Error(`${urlPath} cannot be written for nginx`);
      const lines = Object.entries(fields)
        .filter(([name]) => !nginxOwn.has(name.toLowerCase()))
        .map(([name, value]) => {
          if (!/^[\w-]+$/.test(name) || /["$\\\r\n]/.test(value))
            throw new Error(`${name} cannot be written for nginx`);
          return `add_header ${name} "${value}" always;`;
        });
      return `location = ${urlPath} { ${lines.join(" ")} ${TRY_FILES} }`;
    })
    .join("\n    ");
}

function config(
  dir: string,
  root: string,
  port: number,
  brotli: boolean,
  headers: PageHeaders,
  workers: number,
): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
${brotli ? `load_module ${brotliModule};` : ""}
daemon off;
worker_processes ${workers};
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
  gzip_static on;
  gzip_vary on;
  ${brotli ? "brotli_static on;" : ""}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { ${TRY_FILES} }
    ${headerLocations(headers)}
  }
}
`;
}

/**
 * Starts nginx on a copy of `clientDir`; `pages` are extra files, by URL
 * path (e.g. "/bookings" → bookings.html), saved beside the build's;
 * `headers` are added to the answers at those paths; `workers` processes.
 */
export async function startNginx(
  clientDir: string,
  pages: Record<string, string> = {},
  headers: PageHeaders = {},
  workers = 1,
): Promise<Nginx> {
  if (!existsSync("/usr/sbin/nginx"))
    throw new Error("nginx is not installed (scripts/install-bench-deps.sh)");
  const dir = mkdtempSync(path.join(tmpdir(), "rcs-bench-nginx-"));
  // nginx's worker runs as an unprivileged user when started by root: it must read the copy.
  chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  cpSync(clientDir, root, { recursive: true });
  for (const [urlPath, html] of Object.entries(pages)) {
    const file = path.join(root, `${urlPath.replace(/^\//, "")}.html`);
    if (existsSync(file) || (existsSync(file.slice(0, -5)) && statSync(file.slice(0, -5)).isFile()))
      throw new Error(`${urlPath} would shadow a file of the build`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  precompress(root);
  const brotli = existsSync(brotliModule);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, root, port, brotli, headers, workers));
  const child: ChildProcess = spawn("/usr/sbin/nginx", ["-p", dir, "-c", conf], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (d) => (errors += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited: ${errors}`);
    }
    const status = await fetch(`${origin}/`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { origin, brotli, stop };
    if (status !== 0) errors += ` / answered ${status}`;
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`nginx did not answer within 10 s: ${errors}`);
}
