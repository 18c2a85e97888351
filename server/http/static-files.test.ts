import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncoding, loadStaticFiles } from "./static-files";

const page = `<!doctype html><title>About</title>${"<p>By the creek.</p>".repeat(50)}<script>go()</script>`;
const script = `console.log("${"x".repeat(2000)}");`;
const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

let root: string;
let server: Server;
let port: number;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "static-files-"));
  const write = (relative: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), body);
  };
  write("about/index.html", page);
  write("about/index.html.br", brotliCompressSync(page));
  write("about/index.html.gz", gzipSync(page));
  write("assets/entry-Ab12Cd34.js", script);
  write("assets/entry-Ab12Cd34.js.gz", gzipSync(script));
  write("media/hero.0123abcd.webm", video);
  write("media/hero.webm", video);
  const files = loadStaticFiles(root, {
    common: { "X-Content-Type-Options": "nosniff" },
    pageHeaders: (html) => ({ "Content-Security-Policy": `script-src ${html.length}` }),
  });
  server = createServer((req, res) => {
    if (!files.serve(req, res)) res.writeHead(418).end("app");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("static files from memory", () => {
  it("sends the build's brotli copy to a browser that takes it, gzip to one that takes only gzip", async () => {
    const br = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get("/about/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get("/about?utm_source=flyer");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers.vary).toBe("Accept-Encoding");
  });

  it("gives a page its own headers and a short cache; hashed files a year, immutable", async () => {
    const about = await get("/about");
    expect(about.headers["content-security-policy"]).toBe(`script-src ${page.length}`);
    expect(about.headers["x-content-type-options"]).toBe("nosniff");
    expect(about.headers["cache-control"]).toBe("public, max-age=300");
    expect(about.headers["content-type"]).toBe("text/html; charset=utf-8");
    const asset = await get("/assets/entry-Ab12Cd34.js", { "accept-encoding": "br, gzip" });
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-security-policy"]).toBeUndefined();
    expect((await get("/media/hero.0123abcd.webm")).headers["cache-control"]).toContain(
      "immutable",
    );
    expect((await get("/media/hero.webm")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 304 to a copy the browser has, per encoding", async () => {
    const first = await get("/about", { "accept-encoding": "br" });
    const etag = String(first.headers.etag);
    const again = await get("/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await get("/about", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(otherEncoding.status).toBe(200);
  });

  it("sends the byte range a video player asks for, and refuses one past the end", async () => {
    const part = await get("/media/hero.webm", { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe("bytes 100-199/1000");
    expect(part.body.equals(video.subarray(100, 200))).toBe(true);
    const tail = await get("/media/hero.webm", { range: "bytes=-10" });
    expect(tail.body.equals(video.subarray(990))).toBe(true);
    expect((await get("/media/hero.webm", { range: "bytes=5000-" })).status).toBe(416);
    // A range it does not understand gets the whole file, as the standard allows.
    expect((await get("/media/hero.webm", { range: "bytes=1-2,5-6" })).status).toBe(200);
  });

  it("answers HEAD without a body and leaves other methods, paths and bad addresses to the app", async () => {
    const head = await get("/about", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
    expect(head.body.length).toBe(0);
    expect((await get("/about", {}, "POST")).status).toBe(418);
    expect((await get("/bookings")).status).toBe(418);
    expect((await get("/about/index.html.br")).status).toBe(418);
    expect((await get("/%E0%A4%A")).status).toBe(418);
    expect((await get("/../etc/passwd")).status).toBe(418);
  });
});

describe("the encoding a client accepts", () => {
  const both = { br: true, gzip: true };

  it("takes br before gzip at equal weight, and what is there", () => {
    expect(acceptedEncoding(both, "gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding({ gzip: true }, "br, gzip")).toBe("gzip");
    expect(acceptedEncoding(both, "GZIP")).toBe("gzip");
    expect(acceptedEncoding(both, undefined)).toBe("identity");
    expect(acceptedEncoding(both, "deflate")).toBe("identity");
  });

  it("weighs q-values: a q of 0 refuses an encoding, a higher q wins", () => {
    expect(acceptedEncoding(both, "gzip;q=0")).toBe("identity");
    expect(acceptedEncoding(both, "gzip, deflate, br;q=0")).toBe("gzip");
    expect(acceptedEncoding(both, "br;q=0, gzip;q=0")).toBe("identity");
    expect(acceptedEncoding(both, "br;q=0.5, gzip")).toBe("gzip");
    expect(acceptedEncoding(both, "br-foo")).toBe("identity");
  });
});
