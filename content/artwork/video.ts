// `npm run images` (second step): the home hero's silent 8-second loop from an
// animated drawing of the farm: clouds drifting, the creek glinting, grass in
// the breeze and birds crossing. Chromium draws every frame at its exact time
// (frame i at i/FPS s), so every motion completes whole cycles and the last
// frame leads into the first without a seam; ffmpeg encodes them as VP9 in two
// passes to stay under 300 KB, and the file is published under a hashed name
// (publish.ts). ffmpeg is installed from Debian's packages when missing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { Canvas, palettes, rng } from "./draw";
import {
  contentHash,
  readManifest,
  removeStale,
  withHash,
  writeManifest,
  writePublic,
} from "./publish";
import { heroBackground, heroClouds } from "./scenes";

/** The scene's own coordinates; frames are drawn scaled to OUT_W x OUT_H. */
const W = 1280;
const H = 720;
const SECONDS = 8;
const FPS = 24;
const OUT_W = 960;
const OUT_H = 540;
/** A phone's data matters: the whole file stays under this (issue: at most 300 KB). */
const MAX_BYTES = 300 * 1024;
const VIDEO_FILE = "/media/hero.webm";

function backgroundSvg(): string {
  const c = new Canvas(W, H, rng(51), palettes.golden);
  heroBackground(c);
  return c.svg("The farm at golden hour");
}

function cloudsSvg(): string {
  // The same random sequence as the poster's, so frame one matches it.
  const c = new Canvas(W, H, rng(51), palettes.golden);
  heroBackground(new Canvas(W, H, c.r, palettes.golden));
  heroClouds(c);
  return c.svg("clouds");
}

function ensureFfmpeg() {
  if (spawnSync("ffmpeg", ["-version"]).status === 0) return;
  console.log("installing ffmpeg from Debian's packages");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "ffmpeg"], {
    stdio: "inherit",
    env,
  });
  if (install.status !== 0)
    throw new Error("ffmpeg is missing and apt-get could not install it: apt-get install ffmpeg");
}

/** Draws every frame of the loop as PNG files frame-0000.png... in `dir`. */
async function drawFrames(dir: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const page = await browser.newPage();
  await page.setContent("<!doctype html><title>video</title><canvas></canvas>");
  // tsx names the functions of the page script with a helper the page lacks.
  await page.evaluate("window.__name = (fn) => fn");
  await page.evaluate(
    async ({ bg, clouds, W, H, SECONDS, OUT_W, OUT_H }) => {
      const load = async (svg: string) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        return img;
      };
      const [bgImg, cloudImg] = await Promise.all([load(bg), load(clouds)]);
      const canvas = document.querySelector("canvas");
      if (!canvas) throw new Error("the page has no canvas");
      canvas.width = OUT_W;
      canvas.height = OUT_H;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("the browser gave no 2D canvas context");
      let seed = 7;
      const rand = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      };
      const glints = Array.from({ length: 40 }, () => {
        const t = rand();
        return {
          x: t * W,
          y: H * 0.78 + (H * 0.74 - H * 0.78) * t + H * 0.09 * (0.2 + 0.6 * rand()),
          len: 10 + rand() * 30,
          phase: rand(),
          speed: 1 + Math.floor(rand() * 3),
        };
      });
      const blades = Array.from({ length: 260 }, () => ({
        x: rand() * W,
        y: H * (0.88 + rand() * 0.12),
        h: 10 + rand() * 22,
        phase: rand(),
      }));
      const birds = Array.from({ length: 4 }, (_, i) => ({
        phase: i * 0.09 + rand() * 0.05,
        y: H * (0.16 + rand() * 0.1),
        s: 6 + rand() * 4,
      }));
      const TAU = Math.PI * 2;
      const draw = (t: number) => {
        const p = (t % SECONDS) / SECONDS; // 0..1 through the loop
        // A slow breathing zoom: one cycle per loop.
        const zoom = 1.02 + 0.015 * Math.sin(TAU * p);
        ctx.save();
        ctx.scale(OUT_W / W, OUT_H / H);
        ctx.translate(W / 2, H / 2);
        ctx.scale(zoom, zoom);
        ctx.translate(-W / 2, -H / 2);
        ctx.drawImage(bgImg, 0, 0, W, H);
        // Clouds cross the frame once per loop, tiled so they wrap.
        const dx = p * W;
        ctx.globalAlpha = 0.9;
        ctx.drawImage(cloudImg, dx, 0, W, H);
        ctx.drawImage(cloudImg, dx - W, 0, W, H);
        ctx.globalAlpha = 1;
        ctx.lineCap = "round";
        for (const g of glints) {
          const a = 0.5 + 0.5 * Math.sin(TAU * (p * g.speed + g.phase));
          ctx.strokeStyle = `rgba(255, 236, 190, ${(a * 0.8).toFixed(3)})`;
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.moveTo(g.x, g.y);
          ctx.lineTo(g.x + g.len, g.y);
          ctx.stroke();
        }
        ctx.strokeStyle = "#6f6a2c";
        ctx.lineWidth = 2.5;
        for (const b of blades) {
          const sway = Math.sin(TAU * (p * 2 + b.phase + b.x / W)) * b.h * 0.35;
          ctx.beginPath();
          ctx.moveTo(b.x, b.y);
          ctx.quadraticCurveTo(b.x + sway * 0.3, b.y - b.h * 0.6, b.x + sway, b.y - b.h);
          ctx.stroke();
        }
        ctx.strokeStyle = "#3b2f2a";
        ctx.lineWidth = 2.5;
        for (const b of birds) {
          const x = ((p + b.phase) % 1) * (W * 1.3) - W * 0.15;
          const flap = Math.sin(TAU * p * 16 + b.phase * 10) * b.s * 0.5;
          const y = b.y + Math.sin(TAU * (p + b.phase)) * 12;
          ctx.beginPath();
          ctx.moveTo(x - b.s, y - flap);
          ctx.quadraticCurveTo(x - b.s / 2, y - b.s / 2, x, y);
          ctx.quadraticCurveTo(x + b.s / 2, y - b.s / 2, x + b.s, y - flap);
          ctx.stroke();
        }
        ctx.restore();
      };
      (window as unknown as { drawAt: (t: number) => string }).drawAt = (t: number) => {
        draw(t);
        return canvas.toDataURL("image/png");
      };
    },
    { bg: backgroundSvg(), clouds: cloudsSvg(), W, H, SECONDS, OUT_W, OUT_H },
  );
  const frames = SECONDS * FPS;
  for (let i = 0; i < frames; i++) {
    const url = await page.evaluate(
      (t) => (window as unknown as { drawAt: (t: number) => string }).drawAt(t),
      i / FPS,
    );
    const name = `frame-${String(i).padStart(4, "0")}.png`;
    writeFileSync(path.join(dir, name), Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));
  }
  await browser.close();
}

function ffmpeg(args: string[]) {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (run.status !== 0) throw new Error(`ffmpeg failed: ffmpeg ${args.join(" ")}`);
}

/** Two-pass VP9 of the frames at an average of `kbps`; returns the file's bytes. */
function encodeVp9(dir: string, kbps: number): Buffer {
  const out = path.join(dir, "hero.webm");
  const common = [
    ["-framerate", String(FPS), "-i", path.join(dir, "frame-%04d.png")],
    // The canvas is sRGB: BT.709 YUV tagged as such, so the colours match the poster.
    ["-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"],
    ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1"],
    ["-c:v", "libvpx-vp9", "-b:v", `${kbps}k`, "-deadline", "good", "-cpu-used", "1"],
    ["-row-mt", "1", "-g", String(SECONDS * FPS), "-an"],
    ["-passlogfile", path.join(dir, "pass")],
  ].flat();
  ffmpeg([...common, "-pass", "1", "-f", "webm", "/dev/null"]);
  ffmpeg([...common, "-pass", "2", out]);
  return readFileSync(out);
}

async function main() {
  ensureFfmpeg();
  const dir = mkdtempSync(path.join(tmpdir(), "hero-video-"));
  try {
    await drawFrames(dir);
    // The encoder lands near the asked rate; ask for less if it overshoots.
    let kbps = 240;
    let bytes = encodeVp9(dir, kbps);
    for (let tries = 0; bytes.length > MAX_BYTES && tries < 3; tries++) {
      kbps = Math.floor((kbps * MAX_BYTES * 0.95) / bytes.length);
      bytes = encodeVp9(dir, kbps);
    }
    if (bytes.length > MAX_BYTES)
      throw new Error(`the hero video is ${bytes.length} bytes, over ${MAX_BYTES}`);
    const file = withHash(VIDEO_FILE, contentHash(bytes));
    writePublic(file, bytes);
    removeStale(
      path.posix.dirname(VIDEO_FILE),
      (name) => /^hero(\.[0-9a-f]{8,})?\.webm$/.test(name),
      new Set([file]),
    );
    const manifest = await readManifest();
    manifest.files[VIDEO_FILE] = file;
    writeManifest(manifest);
    console.log(`wrote ${file}: ${bytes.length} bytes at ${kbps} kb/s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
