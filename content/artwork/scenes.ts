// The scenes of the placeholder artwork, one per picture of the site. Each
// is drawn at any size: the phone, tablet and desktop variants of a card are
// the same scene composed for a different frame.
import { Canvas, type PaletteName, palettes, rng } from "./draw";

type Scene = (c: Canvas) => void;

/** Sky, distant range, rolling hills and the paddock, with the horizon at `horizon` (0-1). */
function landscape(
  c: Canvas,
  horizon = 0.55,
  options: { range?: boolean; sunX?: number; sunY?: number } = {},
) {
  const { w, h, p } = c;
  c.sky();
  if (options.sunX !== undefined) c.sun(w * options.sunX, h * (options.sunY ?? 0.25), c.u(0.05));
  c.clouds(3, h * 0.08, h * horizon * 0.6);
  if (options.range !== false) c.ridge(h * horizon, h * 0.18, p.far, 0.8);
  c.ridge(h * (horizon + 0.07), h * 0.09, p.mid, 0.2, true);
  c.ground(h * (horizon + 0.07), p.ground);
  c.ridge(h * (horizon + 0.14), h * 0.05, p.near, 0.1, true);
}

function treeLine(c: Canvas, y: number, count: number, height: number) {
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5 + c.between(-0.3, 0.3)) / count) * c.w;
    c.gum(x, y + c.between(-0.01, 0.01) * c.h, height * c.between(0.7, 1.2));
  }
}

function herd(
  c: Canvas,
  y0: number,
  y1: number,
  count: number,
  size: number,
  kind: "brangus" | "highland" = "brangus",
) {
  const cows = Array.from({ length: count }, () => ({
    x: c.between(0.05, 0.95) * c.w,
    y: c.between(y0, y1),
  })).sort((a, b) => a.y - b.y);
  for (const cow of cows) {
    const depth = (cow.y - y0) / Math.max(1, y1 - y0);
    c.cow(cow.x, cow.y, size * (0.7 + depth * 0.6), {
      kind,
      facing: c.r() < 0.5 ? 1 : -1,
      grazing: c.r() < 0.5,
    });
  }
}

/** The home hero: the poster, and the still background of the hero video. */
export function heroBackground(c: Canvas) {
  const { w, h } = c;
  c.sky();
  c.sun(w * 0.78, h * 0.3, c.u(0.05));
  c.ridge(h * 0.48, h * 0.18, c.p.far, 0.8);
  c.ridge(h * 0.55, h * 0.09, c.p.mid, 0.2, true);
  c.ground(h * 0.55, c.p.ground);
  c.ridge(h * 0.62, h * 0.05, c.p.near, 0.1, true);
  for (let i = 0; i < 5; i++) {
    c.gum(((i + 0.5 + c.between(-0.06, 0.06)) / 5) * w, h * 0.58, c.u(0.24) * c.between(0.7, 1.2));
  }
  c.creek(h * 0.78, h * 0.74, h * 0.09);
  c.tent(w * 0.22, h * 0.74, c.u(0.16), "#2e86ab");
  c.caravan(w * 0.32, h * 0.75, c.u(0.12));
  c.cow(w * 0.62, h * 0.69, c.u(0.09), { facing: -1, grazing: true });
  c.cow(w * 0.7, h * 0.7, c.u(0.1), { facing: 1 });
  c.cow(w * 0.82, h * 0.68, c.u(0.08), { facing: -1, grazing: true });
  c.grass(h * 0.88, h, 200);
}

/** The hero's clouds, a layer of their own so the video can move them. */
export function heroClouds(c: Canvas) {
  c.clouds(5, c.h * 0.06, c.h * 0.3);
}

export const scenes: Record<string, { palette: PaletteName; seed: number; draw: Scene }> = {
  "brangus-herd": {
    palette: "day",
    seed: 11,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.8, sunY: 0.15 });
      treeLine(c, c.h * 0.5, 5, c.u(0.2));
      c.fence(c.h * 0.62);
      herd(c, c.h * 0.66, c.h * 0.92, 8, c.u(0.13));
      c.grass(c.h * 0.85, c.h, 160);
    },
  },
  "mother-and-calves": {
    palette: "morning",
    seed: 12,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.2, sunY: 0.2 });
      treeLine(c, c.h * 0.53, 3, c.u(0.22));
      c.cow(c.w * 0.45, c.h * 0.86, c.u(0.3), { facing: 1 });
      c.cow(c.w * 0.72, c.h * 0.9, c.u(0.3), { kind: "calf", facing: -1 });
      c.cow(c.w * 0.2, c.h * 0.88, c.u(0.3), { kind: "calf", facing: 1, grazing: true });
      c.grass(c.h * 0.82, c.h, 180);
    },
  },
  "highland-cattle": {
    palette: "day",
    seed: 13,
    draw: (c) => {
      landscape(c, 0.4, { sunX: 0.15, sunY: 0.12 });
      treeLine(c, c.h * 0.48, 4, c.u(0.18));
      c.fence(c.h * 0.6);
      c.cow(c.w * 0.3, c.h * 0.86, c.u(0.3), { kind: "highland", facing: 1 });
      c.cow(c.w * 0.7, c.h * 0.8, c.u(0.24), { kind: "highland", facing: -1, grazing: true });
      c.grass(c.h * 0.8, c.h, 160);
    },
  },
  "evening-campfire": {
    palette: "dusk",
    seed: 14,
    draw: (c) => {
      landscape(c, 0.5, { sunX: 0.7, sunY: 0.42 });
      treeLine(c, c.h * 0.58, 4, c.u(0.25));
      c.tent(c.w * 0.25, c.h * 0.82, c.u(0.3), "#b5651d");
      c.campfire(c.w * 0.6, c.h * 0.88, c.u(0.12));
      c.vignette(0.35);
    },
  },
  "adventure-playground": {
    palette: "day",
    seed: 15,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.85, sunY: 0.15 });
      treeLine(c, c.h * 0.55, 3, c.u(0.25));
      c.swingSet(c.w * 0.12, c.h * 0.88, c.u(0.32));
      c.slide(c.w * 0.62, c.h * 0.9, c.u(0.3));
      c.grass(c.h * 0.8, c.h, 150);
    },
  },
  "mountain-sunset": {
    palette: "sunset",
    seed: 16,
    draw: (c) => {
      c.sky();
      c.sun(c.w * 0.5, c.h * 0.5, c.u(0.08));
      c.clouds(4, c.h * 0.1, c.h * 0.35);
      c.ridge(c.h * 0.55, c.h * 0.22, c.p.far, 1);
      c.ridge(c.h * 0.68, c.h * 0.14, c.p.mid, 0.6);
      c.ridge(c.h * 0.82, c.h * 0.08, c.p.near, 0.2, true);
      c.birds(5, c.w * 0.3, c.h * 0.25, c.u(0.08));
    },
  },
  "wildlife-at-the-creek": {
    palette: "morning",
    seed: 17,
    draw: (c) => {
      landscape(c, 0.4, { range: false, sunX: 0.75, sunY: 0.15 });
      treeLine(c, c.h * 0.5, 5, c.u(0.22));
      c.creek(c.h * 0.7, c.h * 0.76, c.h * 0.12);
      c.heron(c.w * 0.6, c.h * 0.86, c.u(0.22));
      c.kangaroo(c.w * 0.15, c.h * 0.66, c.u(0.2));
      c.grass(c.h * 0.92, c.h, 80);
    },
  },
  "creekside-campsite": {
    palette: "day",
    seed: 18,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.2, sunY: 0.15 });
      treeLine(c, c.h * 0.52, 4, c.u(0.28));
      c.creek(c.h * 0.78, c.h * 0.72, c.h * 0.1);
      c.tent(c.w * 0.4, c.h * 0.68, c.u(0.22), "#2e86ab");
      c.campfire(c.w * 0.62, c.h * 0.7, c.u(0.05));
      c.grass(c.h * 0.9, c.h, 90);
    },
  },
  "morning-mist": {
    palette: "morning",
    seed: 19,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.3, sunY: 0.3 });
      treeLine(c, c.h * 0.55, 6, c.u(0.22));
      c.mist(c.h * 0.55, c.h * 0.12, 0.7);
      c.creek(c.h * 0.74, c.h * 0.8, c.h * 0.09);
      c.mist(c.h * 0.78, c.h * 0.1, 0.5);
    },
  },
  "paddling-the-creek": {
    palette: "day",
    seed: 20,
    draw: (c) => {
      landscape(c, 0.38, { range: false, sunX: 0.85, sunY: 0.12 });
      treeLine(c, c.h * 0.48, 6, c.u(0.24));
      c.creek(c.h * 0.56, c.h * 0.62, c.h * 0.3);
      c.kayak(c.w * 0.5, c.h * 0.76, c.u(0.28));
    },
  },
  "fishing-spot": {
    palette: "golden",
    seed: 21,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.8, sunY: 0.25 });
      treeLine(c, c.h * 0.52, 4, c.u(0.22));
      c.creek(c.h * 0.66, c.h * 0.7, c.h * 0.18);
      c.person(c.w * 0.25, c.h * 0.95, c.u(0.3));
      c.fishingRod(c.w * 0.27, c.h * 0.78, c.u(0.35));
    },
  },
  "starry-night": {
    palette: "night",
    seed: 22,
    draw: (c) => {
      c.sky();
      c.milkyWay();
      c.stars(420, c.h * 0.7);
      c.ridge(c.h * 0.72, c.h * 0.1, c.p.far, 0.5, true);
      c.ground(c.h * 0.78, c.p.near);
      treeLine(c, c.h * 0.8, 3, c.u(0.2));
      c.tent(c.w * 0.6, c.h * 0.92, c.u(0.2), "#f2a541");
    },
  },
  "caravan-under-the-gums": {
    palette: "day",
    seed: 23,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.1, sunY: 0.15 });
      c.gum(c.w * 0.2, c.h * 0.85, c.u(0.6));
      c.gum(c.w * 0.85, c.h * 0.8, c.u(0.55));
      c.caravan(c.w * 0.35, c.h * 0.86, c.u(0.22));
      c.grass(c.h * 0.84, c.h, 120);
    },
  },
  "bush-trail": {
    palette: "day",
    seed: 24,
    draw: (c) => {
      landscape(c, 0.4, { range: false, sunX: 0.6, sunY: 0.12 });
      c.trail(c.w * 0.5, c.h, c.w * 0.55, c.h * 0.5, c.w * 0.28);
      treeLine(c, c.h * 0.55, 6, c.u(0.25));
      c.gum(c.w * 0.08, c.h * 0.95, c.u(0.6));
      c.gum(c.w * 0.92, c.h * 0.98, c.u(0.62));
      c.grass(c.h * 0.6, c.h, 260);
    },
  },
  "farm-gate": {
    palette: "golden",
    seed: 25,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.7, sunY: 0.3 });
      treeLine(c, c.h * 0.55, 3, c.u(0.2));
      c.trail(c.w * 0.5, c.h, c.w * 0.52, c.h * 0.58, c.w * 0.3);
      c.fence(c.h * 0.8, 0, c.w * 0.3);
      c.fence(c.h * 0.8, c.w * 0.72, c.w);
      c.gate(c.w * 0.31, c.h * 0.82, c.u(0.27));
      c.grass(c.h * 0.78, c.h, 140);
    },
  },
  "kangaroos-at-dusk": {
    palette: "dusk",
    seed: 26,
    draw: (c) => {
      landscape(c, 0.5, { sunX: 0.3, sunY: 0.45 });
      treeLine(c, c.h * 0.58, 3, c.u(0.2));
      c.kangaroo(c.w * 0.25, c.h * 0.84, c.u(0.2), "#3a2c2c", 1);
      c.kangaroo(c.w * 0.52, c.h * 0.78, c.u(0.14), "#3a2c2c", -1);
      c.kangaroo(c.w * 0.75, c.h * 0.88, c.u(0.22), "#3a2c2c", -1);
      c.grass(c.h * 0.8, c.h, 120);
    },
  },
  "golden-hour-hills": {
    palette: "golden",
    seed: 27,
    draw: (c) => {
      landscape(c, 0.5, { sunX: 0.82, sunY: 0.35 });
      c.ridge(c.h * 0.75, c.h * 0.1, c.p.mid, 0.1, true);
      c.ridge(c.h * 0.9, c.h * 0.08, c.p.near, 0.1, true);
      treeLine(c, c.h * 0.7, 2, c.u(0.18));
      c.birds(4, c.w * 0.6, c.h * 0.2, c.u(0.08));
    },
  },
  // The Brangus page
  "brangus-hero": {
    palette: "golden",
    seed: 31,
    draw: (c) => {
      landscape(c, 0.45, { sunX: 0.85, sunY: 0.25 });
      treeLine(c, c.h * 0.55, 6, c.u(0.2));
      herd(c, c.h * 0.66, c.h * 0.95, 7, c.u(0.18));
    },
  },
  "meet-1": {
    palette: "day",
    seed: 41,
    draw: (c) => {
      landscape(c, 0.4, { sunX: 0.2, sunY: 0.15 });
      c.cow(c.w * 0.5, c.h * 0.92, c.u(0.55), { facing: -1 });
      c.grass(c.h * 0.8, c.h, 220);
    },
  },
  "meet-2": {
    palette: "morning",
    seed: 42,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.8, sunY: 0.18 });
      c.fence(c.h * 0.74);
      for (let i = 0; i < 4; i++)
        c.cow(c.w * (0.15 + i * 0.22), c.h * 0.86, c.u(0.2), { facing: 1 });
    },
  },
  "meet-3": {
    palette: "day",
    seed: 43,
    draw: (c) => {
      landscape(c, 0.45);
      c.cow(c.w * 0.38, c.h * 0.85, c.u(0.4), { facing: 1, grazing: true });
      c.cow(c.w * 0.72, c.h * 0.92, c.u(0.4), { kind: "calf", facing: -1 });
      c.grass(c.h * 0.8, c.h, 200);
    },
  },
  "meet-4": {
    palette: "golden",
    seed: 44,
    draw: (c) => {
      landscape(c, 0.38, { range: false, sunX: 0.5, sunY: 0.15 });
      treeLine(c, c.h * 0.45, 4, c.u(0.2));
      c.creek(c.h * 0.72, c.h * 0.75, c.h * 0.2);
      c.cow(c.w * 0.3, c.h * 0.72, c.u(0.25), { facing: 1, grazing: true });
      c.cow(c.w * 0.65, c.h * 0.7, c.u(0.22), { facing: -1, grazing: true });
    },
  },
  "meet-5": {
    palette: "day",
    seed: 45,
    draw: (c) => {
      c.sky();
      c.clouds(4, c.h * 0.1, c.h * 0.4);
      c.ridge(c.h * 0.85, c.h * 0.25, c.p.mid, 0.1, true);
      c.cow(c.w * 0.5, c.h * 0.75, c.u(0.45), { facing: 1 });
      c.grass(c.h * 0.8, c.h, 150);
    },
  },
  "meet-6": {
    palette: "day",
    seed: 46,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.1, sunY: 0.12 });
      c.gum(c.w * 0.5, c.h * 0.8, c.u(0.75));
      c.cow(c.w * 0.3, c.h * 0.88, c.u(0.22), { facing: 1 });
      c.cow(c.w * 0.62, c.h * 0.9, c.u(0.24), { facing: -1, grazing: true });
      c.cow(c.w * 0.8, c.h * 0.84, c.u(0.2), { facing: -1 });
    },
  },
  "meet-7": {
    palette: "morning",
    seed: 47,
    draw: (c) => {
      landscape(c, 0.48, { sunX: 0.25, sunY: 0.35 });
      c.mist(c.h * 0.58, c.h * 0.12, 0.7);
      herd(c, c.h * 0.72, c.h * 0.92, 5, c.u(0.16));
    },
  },
  // Home, about and camping
  "home-hero": {
    palette: "golden",
    seed: 51,
    draw: (c) => {
      heroBackground(c);
      heroClouds(c);
    },
  },
  "home-closing": {
    palette: "sunset",
    seed: 52,
    draw: (c) => {
      landscape(c, 0.55, { sunX: 0.5, sunY: 0.5 });
      treeLine(c, c.h * 0.65, 4, c.u(0.25));
      c.campfire(c.w * 0.5, c.h * 0.9, c.u(0.08));
    },
  },
  "camping-card": {
    palette: "day",
    seed: 53,
    draw: (c) => {
      landscape(c, 0.4, { sunX: 0.85, sunY: 0.14 });
      treeLine(c, c.h * 0.5, 4, c.u(0.28));
      c.creek(c.h * 0.86, c.h * 0.8, c.h * 0.08);
      c.tent(c.w * 0.3, c.h * 0.76, c.u(0.22), "#d2691e");
      c.caravan(c.w * 0.5, c.h * 0.76, c.u(0.18));
    },
  },
  "brangus-card": {
    palette: "day",
    seed: 54,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.15, sunY: 0.14 });
      treeLine(c, c.h * 0.5, 3, c.u(0.2));
      herd(c, c.h * 0.68, c.h * 0.92, 4, c.u(0.22));
    },
  },
  "about-hero": {
    palette: "golden",
    seed: 55,
    draw: (c) => {
      landscape(c, 0.5, { sunX: 0.2, sunY: 0.32 });
      treeLine(c, c.h * 0.6, 7, c.u(0.22));
      c.creek(c.h * 0.82, c.h * 0.78, c.h * 0.08);
    },
  },
  "camping-hero": {
    palette: "day",
    seed: 56,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.1, sunY: 0.14 });
      treeLine(c, c.h * 0.52, 6, c.u(0.28));
      c.tent(c.w * 0.2, c.h * 0.78, c.u(0.18), "#2e86ab");
      c.tent(c.w * 0.45, c.h * 0.74, c.u(0.14), "#d2691e");
      c.caravan(c.w * 0.62, c.h * 0.8, c.u(0.16));
      c.creek(c.h * 0.9, c.h * 0.86, c.h * 0.06);
    },
  },
  share: {
    palette: "golden",
    seed: 57,
    draw: (c) => {
      landscape(c, 0.48, { sunX: 0.82, sunY: 0.28 });
      treeLine(c, c.h * 0.58, 5, c.u(0.24));
      c.tent(c.w * 0.2, c.h * 0.8, c.u(0.2), "#2e86ab");
      herd(c, c.h * 0.7, c.h * 0.9, 4, c.u(0.14));
    },
  },
  // The campsites of the demo data (admin and booking pages show these)
  "bush-camp": {
    palette: "day",
    seed: 61,
    draw: (c) => {
      landscape(c, 0.4, { range: false, sunX: 0.8, sunY: 0.14 });
      treeLine(c, c.h * 0.52, 6, c.u(0.3));
      c.tent(c.w * 0.45, c.h * 0.82, c.u(0.26), "#6b8e23");
      c.campfire(c.w * 0.72, c.h * 0.86, c.u(0.06));
    },
  },
  "powered-site": {
    palette: "day",
    seed: 62,
    draw: (c) => {
      landscape(c, 0.42, { sunX: 0.15, sunY: 0.14 });
      treeLine(c, c.h * 0.52, 3, c.u(0.25));
      c.caravan(c.w * 0.3, c.h * 0.84, c.u(0.24));
      c.add(
        `<rect x="${c.w * 0.8}" y="${c.h * 0.68}" width="${c.u(0.05)}" height="${c.u(0.14)}" rx="${c.u(0.008)}" fill="#e9e4d8"/><path d="M${c.w * 0.8 + c.u(0.025)} ${c.h * 0.7} l${-c.u(0.012)} ${c.u(0.03)} h${c.u(0.02)} l${-c.u(0.012)} ${c.u(0.03)}" stroke="#e1a100" stroke-width="${c.u(0.006)}" fill="none"/>`,
      );
    },
  },
  creekside: {
    palette: "morning",
    seed: 63,
    draw: (c) => {
      landscape(c, 0.4, { range: false, sunX: 0.3, sunY: 0.2 });
      treeLine(c, c.h * 0.5, 5, c.u(0.26));
      c.creek(c.h * 0.8, c.h * 0.74, c.h * 0.12);
      c.tent(c.w * 0.6, c.h * 0.7, c.u(0.18), "#c0392b");
    },
  },
};

/** Draws a scene as an SVG document of the given size. */
export function drawScene(name: string, width: number, height: number, title: string): string {
  const scene = scenes[name];
  if (!scene) throw new Error(`no scene named ${name}`);
  const canvas = new Canvas(width, height, rng(scene.seed), palettes[scene.palette]);
  scene.draw(canvas);
  return canvas.svg(title.replaceAll("&", "&amp;").replaceAll("<", "&lt;"));
}
