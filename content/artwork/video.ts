// `npm run images -- video`: records the home hero's silent 8-second loop
// (public/media/hero.webm) from an animated drawing of the farm: clouds
// drifting, the creek glinting, grass in the breeze and birds crossing. Every
// motion completes whole cycles in the loop, so it repeats without a seam.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { Canvas, palettes, rng } from "./draw";
import { heroBackground, heroClouds } from "./scenes";

const W = 1280;
const H = 720;
const SECONDS = 8;

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

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  });
  const page = await browser.newPage();
  await page.setContent("<!doctype html><title>video</title><canvas></canvas>");
  // tsx names the functions of the page script with a helper the page lacks.
  await page.evaluate("window.__name = (fn) => fn");
  const base64 = await page.evaluate(
    async ({ bg, clouds, W, H, SECONDS }) => {
      const load = async (svg: string) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        return img;
      };
      const [bgImg, cloudImg] = await Promise.all([load(bg), load(clouds)]);
      const canvas = document.querySelector("canvas");
      if (!canvas) throw new Error("the page has no canvas");
      canvas.width = W;
      canvas.height = H;
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
      draw(0);
      const stream = canvas.captureStream(30);
      const recorder = new MediaRecorder(stream, {
        mimeType: "video/webm;codecs=vp9",
        videoBitsPerSecond: 1_400_000,
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const done = new Promise((resolve) => {
        recorder.onstop = resolve;
      });
      const start = performance.now();
      recorder.start();
      await new Promise<void>((resolve) => {
        const tick = () => {
          const elapsed = (performance.now() - start) / 1000;
          if (elapsed >= SECONDS) return resolve();
          draw(elapsed);
          setTimeout(tick, 1000 / 60);
        };
        tick();
      });
      recorder.stop();
      await done;
      const blob = new Blob(chunks, { type: "video/webm" });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { bg: backgroundSvg(), clouds: cloudsSvg(), W, H, SECONDS },
  );
  await browser.close();
  const out = path.resolve(import.meta.dirname, "../../public/media/hero.webm");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, Buffer.from(base64, "base64"));
  console.log(`wrote ${out}`);
}

await main();
