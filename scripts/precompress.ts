// `npm run build`'s last step: every text file of the client build (pages,
// scripts, styles, route data, icons) compressed once, at the highest
// settings, as <file>.br and <file>.gz beside it. The server sends these as
// they are (server/http/static-files.ts), so no request compresses anything.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { compressible } from "#server/http/static-files.ts";

const root = path.resolve(process.argv[2] ?? "build/client");

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  if (!compressible(file)) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  // A file that compression does not shrink is sent as it is.
  if (gz.length >= body.length * 0.95) continue;
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  count++;
  before += statSync(file).size;
  after += br.length;
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`,
);
