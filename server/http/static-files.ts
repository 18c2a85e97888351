// The client build served from memory, as a static server would: every file
// read once at start with the brotli and gzip copies `npm run build` made of
// it (scripts/precompress.ts), its headers worked out once, and a request
// answered with one write before Express or React Router see it. What is not
// here (too large, or written after start) falls through to the app.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import path from "node:path";
import Negotiator from "negotiator";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".data": "text/x-script", // React Router's route data, as its own server sends it
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".woff2": "font/woff2",
};
const TEXT = [".html", ".js", ".css", ".json", ".data", ".svg", ".xml", ".txt", ".ico", ".md"];

/** Whether a file is worth compressing (text, not pictures or video). */
export function compressible(file: string): boolean {
  return TEXT.includes(path.extname(file));
}

/** Larger files are left to the app's own static handler, which streams them. */
const MAX_IN_MEMORY = 4 * 1024 * 1024;
const YEAR = "public, max-age=31536000, immutable";
/** A content hash before the extension: pictures and video under hashed names. */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export type StaticFilesOptions = {
  /** Headers every response carries (the security headers the app sets too). */
  common: OutgoingHttpHeaders;
  /** Extra headers of a prerendered page, from its HTML (its Content-Security-Policy). */
  pageHeaders: (html: string) => OutgoingHttpHeaders;
};

export type Encoding = "br" | "gzip" | "identity";
type Variant = { body: Buffer; headers: OutgoingHttpHeaders; etag: string };
type StaticFile = Partial<Record<Encoding, Variant>> & { identity: Variant };

function cacheControl(urlPath: string, page: boolean): string {
  if (urlPath.startsWith("/assets/")) return YEAR;
  if (/^\/(images|media)\//.test(urlPath) && HASHED_NAME.test(urlPath)) return YEAR;
  // A page may change with the next release: browsers check again after five minutes.
  return page ? "public, max-age=300" : "public, max-age=3600";
}

function variant(body: Buffer, headers: OutgoingHttpHeaders, encoding: Encoding): Variant {
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  const own: OutgoingHttpHeaders = { ...headers, ETag: etag, "Content-Length": body.length };
  if (encoding !== "identity") own["Content-Encoding"] = encoding;
  return { body, etag, headers: own };
}

/** The build's compressed copy of a file, when it made one. */
function copyOf(file: string, extension: "br" | "gz"): Buffer | undefined {
  try {
    return readFileSync(`${file}.${extension}`);
  } catch {
    return undefined;
  }
}

function loadFile(file: string, urlPath: string, options: StaticFilesOptions): StaticFile {
  const body = readFileSync(file);
  const page = file.endsWith(".html");
  const headers: OutgoingHttpHeaders = {
    ...options.common,
    "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "Cache-Control": cacheControl(urlPath, page),
    ...(page && options.pageHeaders(body.toString("utf8"))),
  };
  if (!compressible(file)) {
    return { identity: variant(body, { ...headers, "Accept-Ranges": "bytes" }, "identity") };
  }
  headers.Vary = "Accept-Encoding";
  const br = copyOf(file, "br");
  const gzip = copyOf(file, "gz");
  return {
    identity: variant(body, headers, "identity"),
    ...(br && { br: variant(br, headers, "br") }),
    ...(gzip && { gzip: variant(gzip, headers, "gzip") }),
  };
}

/** The addresses a file answers: a page's folder with and without its slash. */
function addressesOf(relative: string): string[] {
  const url = `/${relative.split(path.sep).join("/")}`;
  if (url === "/index.html") return ["/"];
  if (url.endsWith("/index.html")) {
    const folder = url.slice(0, -"/index.html".length);
    return [folder, `${folder}/`];
  }
  return [url];
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.(br|gz)$/.test(entry.name)) yield full;
  }
}

const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];

/** The encodings an Accept-Encoding header takes, best first (br before gzip at equal weight). */
const acceptedOrder = new Map<string, Encoding[]>();
const ORDERS_KEPT = 256;

function encodingsAccepted(accepted: string): Encoding[] {
  let order = acceptedOrder.get(accepted);
  if (!order) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": accepted } });
    order = negotiator.encodings(ENCODINGS, { preferred: ENCODINGS }) as Encoding[];
    // Browsers send a handful of headers: kept by the header, up to a bound.
    if (acceptedOrder.size >= ORDERS_KEPT) acceptedOrder.clear();
    acceptedOrder.set(accepted, order);
  }
  return order;
}

/**
 * The encoding to send of those there are, as the client weighs them (a q of
 * 0 refuses one); br before gzip when it weighs them the same; none when it
 * takes neither.
 */
export function acceptedEncoding(
  available: { br?: unknown; gzip?: unknown },
  accepted: string | undefined,
): Encoding {
  if (!accepted) return "identity";
  const there = (encoding: Encoding) => encoding === "identity" || Boolean(available[encoding]);
  return encodingsAccepted(accepted).find(there) ?? "identity";
}

/** One byte range of "bytes=a-b" (a video's seek), or nothing to send it whole. */
function byteRange(header: string | undefined, size: number) {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [start, end] =
    match[1] === ""
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), Math.min(size - 1, match[2] === "" ? size - 1 : Number(match[2]))];
  return start <= end && start < size ? { start, end } : "unsatisfiable";
}

function notModified(req: IncomingMessage, variant: Variant): boolean {
  const tags = req.headers["if-none-match"];
  return Boolean(tags?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === variant.etag));
}

export type StaticFiles = {
  /** Answers the request and returns true, or returns false to leave it to the app. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** The addresses of the files too large to keep, which the app streams from disk. */
  large: ReadonlySet<string>;
};

export function loadStaticFiles(root: string, options: StaticFilesOptions): StaticFiles {
  const files = new Map<string, StaticFile>();
  const large = new Set<string>();
  for (const file of walk(root)) {
    const addresses = addressesOf(path.relative(root, file));
    if (statSync(file).size > MAX_IN_MEMORY) {
      for (const address of addresses) large.add(address);
      continue;
    }
    const loaded = loadFile(file, addresses[0] ?? "", options);
    for (const address of addresses) files.set(address, loaded);
  }
  return { serve: (req, res) => serve(files, req, res), large };
}

function pathnameOf(url: string): string | undefined {
  const end = url.search(/[?#]/);
  try {
    return decodeURIComponent(end === -1 ? url : url.slice(0, end));
  } catch {
    return undefined;
  }
}

function serve(files: Map<string, StaticFile>, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = pathnameOf(req.url ?? "");
  const file = pathname === undefined ? undefined : files.get(pathname);
  if (!file) return false;
  const chosen = file[acceptedEncoding(file, req.headers["accept-encoding"])] ?? file.identity;
  if (notModified(req, chosen)) {
    const { "Content-Length": _length, ...headers } = chosen.headers;
    res.writeHead(304, headers).end();
    return true;
  }
  const range =
    chosen === file.identity ? byteRange(req.headers.range, chosen.body.length) : undefined;
  if (range === "unsatisfiable") {
    res.writeHead(416, { "Content-Range": `bytes */${chosen.body.length}` }).end();
    return true;
  }
  if (range) {
    const part = chosen.body.subarray(range.start, range.end + 1);
    res.writeHead(206, {
      ...chosen.headers,
      "Content-Length": part.length,
      "Content-Range": `bytes ${range.start}-${range.end}/${chosen.body.length}`,
    });
    res.end(req.method === "HEAD" ? undefined : part);
    return true;
  }
  res.writeHead(200, chosen.headers);
  res.end(req.method === "HEAD" ? undefined : chosen.body);
  return true;
}

type HeaderMiddleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/** The headers a synchronous middleware (helmet's) sets, so static files carry the same. */
export function headersSetBy(middleware: HeaderMiddleware): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  middleware({} as never, recorder as never, () => {});
  return headers;
}
