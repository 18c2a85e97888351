// Drawing primitives of the site's placeholder artwork: simple flat-style
// landscapes of the farm drawn as SVG from seeded random numbers, so every
// picture is original and the same on every run.

export type Rng = () => number;

/** A small deterministic random generator (mulberry32). */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  glow: string;
  far: string;
  mid: string;
  near: string;
  ground: string;
  water: string;
  waterLight: string;
  leaf: string[];
  trunk: string;
  cloud: string;
  cloudOpacity: number;
};

export const palettes = {
  day: {
    skyTop: "#5b9fd6",
    skyBottom: "#cfe8f3",
    sun: "#fff6c9",
    glow: "#fffbe6",
    far: "#8fb0c4",
    mid: "#7f9d55",
    near: "#5f8a3a",
    ground: "#6f9a42",
    water: "#4f8fb0",
    waterLight: "#bfe3f2",
    leaf: ["#4f6f32", "#5e7f3a", "#6f8f45", "#3f5e2a"],
    trunk: "#d9cfc0",
    cloud: "#ffffff",
    cloudOpacity: 0.85,
  },
  morning: {
    skyTop: "#8fb7d9",
    skyBottom: "#f6e3c8",
    sun: "#fff1c2",
    glow: "#fff5dc",
    far: "#a9b9c6",
    mid: "#8ea66a",
    near: "#6c8f48",
    ground: "#78994d",
    water: "#7aa6bf",
    waterLight: "#f1ead8",
    leaf: ["#55743a", "#647f43", "#728c4e", "#46602f"],
    trunk: "#ddd3c4",
    cloud: "#fff8ef",
    cloudOpacity: 0.8,
  },
  golden: {
    skyTop: "#e9a75a",
    skyBottom: "#fbe0a6",
    sun: "#fff0b3",
    glow: "#ffe39a",
    far: "#b58a6a",
    mid: "#a39447",
    near: "#7f7a36",
    ground: "#98893e",
    water: "#6f8c9c",
    waterLight: "#ffe2a8",
    leaf: ["#5f6a2d", "#6e7632", "#7c7f3a", "#4f5a26"],
    trunk: "#e7d2b2",
    cloud: "#ffe7c2",
    cloudOpacity: 0.75,
  },
  sunset: {
    skyTop: "#3b3f7a",
    skyBottom: "#f08a4b",
    sun: "#ffd27a",
    glow: "#ffb36b",
    far: "#5b4a7a",
    mid: "#4a3f5e",
    near: "#32304a",
    ground: "#3b3550",
    water: "#d9795a",
    waterLight: "#ffc48a",
    leaf: ["#2e2b3f", "#35314a", "#2a2739", "#3a3550"],
    trunk: "#4a4360",
    cloud: "#f7a77a",
    cloudOpacity: 0.7,
  },
  dusk: {
    skyTop: "#2c3566",
    skyBottom: "#e6a0a8",
    sun: "#ffe0c0",
    glow: "#f5b8b0",
    far: "#6a6a96",
    mid: "#535a70",
    near: "#3c4556",
    ground: "#46505c",
    water: "#8c8fb5",
    waterLight: "#f3c9cf",
    leaf: ["#2f3a40", "#38444a", "#2a3338", "#404c52"],
    trunk: "#7a7f8f",
    cloud: "#e9b3bb",
    cloudOpacity: 0.6,
  },
  night: {
    skyTop: "#070b1f",
    skyBottom: "#1d2a55",
    sun: "#f4f1de",
    glow: "#9fb3e6",
    far: "#1a2344",
    mid: "#141b33",
    near: "#0f1427",
    ground: "#121a2e",
    water: "#2a3a6a",
    waterLight: "#8fa6e0",
    leaf: ["#0c1122", "#10162b", "#0a0f1e", "#141c33"],
    trunk: "#2a3150",
    cloud: "#3a4a7a",
    cloudOpacity: 0.35,
  },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof palettes;

const f = (n: number) => Math.round(n * 10) / 10;

export class Canvas {
  readonly parts: string[] = [];
  readonly defs: string[] = [];
  private ids = 0;
  constructor(
    readonly w: number,
    readonly h: number,
    readonly r: Rng,
    readonly p: Palette,
  ) {}

  /** A length relative to the picture's size (1 = the shorter side). */
  u(n: number) {
    return n * Math.min(this.w, this.h);
  }
  id(prefix: string) {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }
  add(svg: string) {
    this.parts.push(svg);
  }
  between(a: number, b: number) {
    return a + (b - a) * this.r();
  }

  svg(title: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}" role="img"><title>${title}</title><defs>${this.defs.join("")}</defs>${this.parts.join("")}</svg>`;
  }

  sky(top = this.p.skyTop, bottom = this.p.skyBottom) {
    const id = this.id("sky");
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    );
    this.add(`<rect width="${this.w}" height="${this.h}" fill="url(#${id})"/>`);
  }

  sun(x: number, y: number, radius: number, color = this.p.sun) {
    const id = this.id("glow");
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${this.p.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${this.p.glow}" stop-opacity="0"/></radialGradient>`,
    );
    this.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius * 4)}" fill="url(#${id})"/>`);
    this.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${color}"/>`);
  }

  stars(count: number, maxY: number) {
    const dots: string[] = [];
    for (let i = 0; i < count; i++) {
      const x = this.r() * this.w;
      const y = this.r() ** 1.4 * maxY;
      const size = this.r() < 0.1 ? 2.2 : this.between(0.6, 1.5);
      dots.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size)}" fill="#fff" opacity="${f(this.between(0.4, 1))}"/>`,
      );
    }
    this.add(`<g>${dots.join("")}</g>`);
  }

  milkyWay() {
    const id = this.id("mw");
    this.defs.push(
      `<filter id="${id}" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${f(this.u(0.04))}"/></filter>`,
    );
    this.add(
      `<ellipse cx="${f(this.w * 0.55)}" cy="${f(this.h * 0.3)}" rx="${f(this.w * 0.6)}" ry="${f(this.u(0.07))}" fill="#c9d4ff" opacity="0.25" transform="rotate(-24 ${f(this.w * 0.55)} ${f(this.h * 0.3)})" filter="url(#${id})"/>`,
    );
  }

  clouds(count: number, minY: number, maxY: number) {
    for (let i = 0; i < count; i++) {
      const cx = this.r() * this.w;
      const cy = this.between(minY, maxY);
      const s = this.u(this.between(0.05, 0.11));
      const blobs = [0, 1, 2, 3]
        .map((k) => {
          const dx = (k - 1.5) * s * 0.9;
          const ry = s * (k === 1 || k === 2 ? 0.75 : 0.5);
          return `<ellipse cx="${f(cx + dx)}" cy="${f(cy - ry * 0.3)}" rx="${f(s * 0.9)}" ry="${f(ry)}"/>`;
        })
        .join("");
      this.add(`<g fill="${this.p.cloud}" opacity="${this.p.cloudOpacity}">${blobs}</g>`);
    }
  }

  /** A ridge line across the picture at `baseY` with peaks up to `amplitude`. */
  ridge(baseY: number, amplitude: number, color: string, roughness = 0.5, smooth = false) {
    const points: [number, number][] = [];
    const steps = smooth ? 6 : 18;
    for (let i = 0; i <= steps; i++) {
      const x = (i / steps) * this.w;
      const y = baseY - amplitude * (0.35 + 0.65 * this.r() ** (1 + roughness));
      points.push([x, y]);
    }
    const [start] = points;
    if (!start) throw new Error("a ridge needs at least one point");
    let d = `M0 ${f(this.h)} L0 ${f(start[1])}`;
    if (smooth) {
      let [x0, y0] = start;
      for (const [x1, y1] of points.slice(1)) {
        const mx = (x0 + x1) / 2;
        d += ` C${f(mx)} ${f(y0)} ${f(mx)} ${f(y1)} ${f(x1)} ${f(y1)}`;
        [x0, y0] = [x1, y1];
      }
    } else {
      for (const [x, y] of points) d += ` L${f(x)} ${f(y)}`;
    }
    d += ` L${f(this.w)} ${f(this.h)} Z`;
    this.add(`<path d="${d}" fill="${color}"/>`);
  }

  ground(y: number, color = this.p.ground) {
    this.add(
      `<rect x="0" y="${f(y)}" width="${this.w}" height="${f(this.h - y)}" fill="${color}"/>`,
    );
  }

  /** A creek winding across the picture between y0 and y1. */
  creek(y0: number, y1: number, width: number) {
    const top = `M0 ${f(y0)} C${f(this.w * 0.3)} ${f(y0 - width)} ${f(this.w * 0.6)} ${f(y1 + width)} ${f(this.w)} ${f(y1)}`;
    const bottom = `L${f(this.w)} ${f(y1 + width)} C${f(this.w * 0.6)} ${f(y1 + width * 2)} ${f(this.w * 0.3)} ${f(y0)} 0 ${f(y0 + width)} Z`;
    this.add(`<path d="${top} ${bottom}" fill="${this.p.water}"/>`);
    const glints: string[] = [];
    for (let i = 0; i < 14; i++) {
      const t = this.r();
      const x = t * this.w;
      const y = y0 + (y1 - y0) * t + width * this.between(0.2, 0.8);
      const len = this.u(this.between(0.02, 0.06));
      glints.push(
        `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + len)}" y2="${f(y)}" stroke="${this.p.waterLight}" stroke-width="${f(this.u(0.004))}" stroke-linecap="round" opacity="0.7"/>`,
      );
    }
    this.add(`<g>${glints.join("")}</g>`);
  }

  /** A eucalypt: pale crooked trunk and clumps of leaves. */
  gum(x: number, baseY: number, height: number) {
    const lean = this.between(-0.08, 0.08) * height;
    const tw = height * 0.045;
    const topX = x + lean;
    const topY = baseY - height * 0.7;
    this.add(
      `<path d="M${f(x - tw)} ${f(baseY)} Q${f(x - tw * 0.5 + lean * 0.3)} ${f(baseY - height * 0.4)} ${f(topX - tw * 0.4)} ${f(topY)} L${f(topX + tw * 0.4)} ${f(topY)} Q${f(x + tw * 0.5 + lean * 0.3)} ${f(baseY - height * 0.4)} ${f(x + tw)} ${f(baseY)} Z" fill="${this.p.trunk}"/>`,
    );
    // two branches
    for (const side of [-1, 1]) {
      const bx = topX + side * height * this.between(0.12, 0.22);
      const by = topY - height * this.between(0.05, 0.15);
      this.add(
        `<path d="M${f(topX)} ${f(topY + height * 0.08)} Q${f((topX + bx) / 2)} ${f(topY)} ${f(bx)} ${f(by)}" stroke="${this.p.trunk}" stroke-width="${f(tw * 0.6)}" fill="none" stroke-linecap="round"/>`,
      );
    }
    const clumps: string[] = [];
    const n = 7 + Math.floor(this.r() * 5);
    for (let i = 0; i < n; i++) {
      const cx = topX + this.between(-0.3, 0.3) * height;
      const cy = topY - this.between(-0.05, 0.3) * height;
      const rx = height * this.between(0.1, 0.18);
      const ry = rx * this.between(0.5, 0.75);
      const color = this.p.leaf[Math.floor(this.r() * this.p.leaf.length)];
      clumps.push(
        `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${color}"/>`,
      );
    }
    this.add(`<g>${clumps.join("")}</g>`);
  }

  grass(y0: number, y1: number, count: number, color = this.p.near) {
    const blades: string[] = [];
    for (let i = 0; i < count; i++) {
      const x = this.r() * this.w;
      const y = this.between(y0, y1);
      const hgt = this.u(this.between(0.012, 0.03)) * (0.6 + (y - y0) / Math.max(1, y1 - y0));
      const lean = this.between(-0.5, 0.5) * hgt;
      blades.push(`M${f(x)} ${f(y)} q${f(lean * 0.3)} ${f(-hgt * 0.6)} ${f(lean)} ${f(-hgt)}`);
    }
    this.add(
      `<path d="${blades.join(" ")}" stroke="${color}" stroke-width="${f(this.u(0.003))}" fill="none" stroke-linecap="round"/>`,
    );
  }

  /** A cow seen from the side; kind sets colour and horns. */
  cow(
    x: number,
    groundY: number,
    size: number,
    opts: { kind?: "brangus" | "highland" | "calf"; facing?: 1 | -1; grazing?: boolean } = {},
  ) {
    const kind = opts.kind ?? "brangus";
    const dir = opts.facing ?? 1;
    const s = kind === "calf" ? size * 0.6 : size;
    const body = kind === "highland" ? "#a0522d" : "#1b1714";
    const shade = kind === "highland" ? "#7c3d1f" : "#0d0b0a";
    const legH = s * 0.32;
    const bodyW = s * 1.05;
    const bodyH = s * 0.48;
    const by = groundY - legH - bodyH / 2;
    const parts: string[] = [];
    // legs
    for (const lx of [-0.38, -0.22, 0.24, 0.38]) {
      parts.push(
        `<rect x="${f(x + lx * bodyW - s * 0.04)}" y="${f(by + bodyH * 0.2)}" width="${f(s * 0.08)}" height="${f(legH + bodyH * 0.3)}" rx="${f(s * 0.03)}" fill="${lx < 0 ? shade : body}"/>`,
      );
    }
    // tail
    parts.push(
      `<path d="M${f(x - (dir * bodyW) / 2)} ${f(by - bodyH * 0.2)} q${f(-dir * s * 0.08)} ${f(s * 0.15)} ${f(-dir * s * 0.05)} ${f(s * 0.38)}" stroke="${body}" stroke-width="${f(s * 0.035)}" fill="none" stroke-linecap="round"/>`,
    );
    // body with Brangus hump
    parts.push(
      `<ellipse cx="${f(x)}" cy="${f(by)}" rx="${f(bodyW / 2)}" ry="${f(bodyH / 2)}" fill="${body}"/>`,
    );
    if (kind === "brangus") {
      parts.push(
        `<ellipse cx="${f(x + dir * bodyW * 0.28)}" cy="${f(by - bodyH * 0.42)}" rx="${f(s * 0.14)}" ry="${f(s * 0.1)}" fill="${body}"/>`,
      );
    }
    if (kind === "highland") {
      parts.push(
        `<path d="M${f(x - bodyW * 0.45)} ${f(by + bodyH * 0.35)} ${Array.from({ length: 9 }, (_, i) => `l${f(bodyW * 0.1)} ${f(i % 2 ? -s * 0.05 : s * 0.05)}`).join(" ")}" stroke="${shade}" stroke-width="${f(s * 0.03)}" fill="none"/>`,
      );
    }
    // neck and head
    const hx = x + dir * bodyW * 0.55;
    const hy = opts.grazing ? groundY - s * 0.12 : by - bodyH * 0.15;
    parts.push(
      `<path d="M${f(x + dir * bodyW * 0.3)} ${f(by - bodyH * 0.35)} L${f(hx)} ${f(hy - s * 0.08)} L${f(hx)} ${f(hy + s * 0.08)} L${f(x + dir * bodyW * 0.3)} ${f(by + bodyH * 0.3)} Z" fill="${body}"/>`,
    );
    parts.push(
      `<ellipse cx="${f(hx + dir * s * 0.06)}" cy="${f(hy)}" rx="${f(s * 0.12)}" ry="${f(s * 0.09)}" fill="${body}" transform="rotate(${dir * (opts.grazing ? 50 : 20)} ${f(hx + dir * s * 0.06)} ${f(hy)})"/>`,
    );
    // ears (Brangus droop) or horns
    if (kind === "highland") {
      parts.push(
        `<path d="M${f(hx)} ${f(hy - s * 0.07)} q${f(-dir * s * 0.1)} ${f(-s * 0.02)} ${f(-dir * s * 0.14)} ${f(-s * 0.14)} M${f(hx)} ${f(hy - s * 0.07)} q${f(dir * s * 0.14)} ${f(-s * 0.02)} ${f(dir * s * 0.18)} ${f(-s * 0.14)}" stroke="#f1e6cf" stroke-width="${f(s * 0.03)}" fill="none" stroke-linecap="round"/>`,
      );
      parts.push(
        `<ellipse cx="${f(hx + dir * s * 0.04)}" cy="${f(hy - s * 0.05)}" rx="${f(s * 0.09)}" ry="${f(s * 0.05)}" fill="${shade}"/>`,
      );
    } else {
      parts.push(
        `<ellipse cx="${f(hx - dir * s * 0.02)}" cy="${f(hy - s * 0.02)}" rx="${f(s * 0.09)}" ry="${f(s * 0.035)}" fill="${shade}" transform="rotate(${dir * 35} ${f(hx - dir * s * 0.02)} ${f(hy - s * 0.02)})"/>`,
      );
    }
    this.add(`<g>${parts.join("")}</g>`);
  }

  kangaroo(x: number, groundY: number, size: number, color = "#7a5a44", facing: 1 | -1 = 1) {
    const s = size;
    const d = facing;
    const path = `M${f(x)} ${f(groundY)} l${f(d * s * 0.32)} 0 l${f(-d * s * 0.08)} ${f(-s * 0.08)} c${f(d * s * 0.1)} ${f(-s * 0.1)} ${f(d * s * 0.12)} ${f(-s * 0.35)} ${f(d * s * 0.02)} ${f(-s * 0.55)} l${f(d * s * 0.08)} ${f(-s * 0.12)} l${f(d * s * 0.02)} ${f(-s * 0.09)} l${f(-d * s * 0.04)} ${f(-s * 0.04)} l${f(-d * s * 0.02)} ${f(s * 0.05)} l${f(-d * s * 0.06)} ${f(s * 0.06)} c${f(-d * s * 0.18)} ${f(s * 0.08)} ${f(-d * s * 0.3)} ${f(s * 0.3)} ${f(-d * s * 0.26)} ${f(s * 0.55)} c${f(-d * s * 0.25)} ${f(s * 0.02)} ${f(-d * s * 0.45)} ${f(s * 0.06)} ${f(-d * s * 0.62)} ${f(s * 0.1)} c${f(d * s * 0.2)} ${f(-s * 0.02)} ${f(d * s * 0.4)} ${f(-s * 0.04)} ${f(d * s * 0.54)} ${f(-s * 0.04)} Z`;
    this.add(`<path d="${path}" fill="${color}"/>`);
    // ear
    this.add(
      `<path d="M${f(x + d * s * 0.3)} ${f(groundY - s * 0.87)} l${f(d * s * 0.01)} ${f(-s * 0.08)} l${f(d * s * 0.03)} ${f(s * 0.07)} Z" fill="${color}"/>`,
    );
  }

  heron(x: number, groundY: number, size: number) {
    const s = size;
    this.add(
      `<g stroke="#3b4a55" stroke-width="${f(s * 0.03)}" stroke-linecap="round" fill="none"><line x1="${f(x)}" y1="${f(groundY)}" x2="${f(x + s * 0.05)}" y2="${f(groundY - s * 0.4)}"/><line x1="${f(x + s * 0.1)}" y1="${f(groundY)}" x2="${f(x + s * 0.07)}" y2="${f(groundY - s * 0.4)}"/><path d="M${f(x + s * 0.2)} ${f(groundY - s * 0.6)} q${f(s * 0.05)} ${f(-s * 0.25)} ${f(-s * 0.02)} ${f(-s * 0.35)} q${f(-s * 0.04)} ${f(-s * 0.06)} ${f(s * 0.06)} ${f(-s * 0.12)}" stroke-width="${f(s * 0.05)}"/><line x1="${f(x + s * 0.1)}" y1="${f(groundY - s * 1.08)}" x2="${f(x + s * 0.3)}" y2="${f(groundY - s * 1.03)}" stroke="#d4a03a" stroke-width="${f(s * 0.025)}"/></g>`,
    );
    this.add(
      `<ellipse cx="${f(x + s * 0.08)}" cy="${f(groundY - s * 0.55)}" rx="${f(s * 0.22)}" ry="${f(s * 0.12)}" fill="#8a9aa6" transform="rotate(-20 ${f(x + s * 0.08)} ${f(groundY - s * 0.55)})"/>`,
    );
  }

  tent(x: number, groundY: number, size: number, color = "#d2691e") {
    const s = size;
    this.add(
      `<path d="M${f(x - s * 0.6)} ${f(groundY)} L${f(x)} ${f(groundY - s * 0.7)} L${f(x + s * 0.6)} ${f(groundY)} Z" fill="${color}"/>`,
    );
    this.add(
      `<path d="M${f(x)} ${f(groundY - s * 0.7)} L${f(x + s * 0.6)} ${f(groundY)} L${f(x + s * 0.95)} ${f(groundY - s * 0.05)} L${f(x + s * 0.35)} ${f(groundY - s * 0.72)} Z" fill="#000" opacity="0.25"/>`,
    );
    this.add(
      `<path d="M${f(x - s * 0.16)} ${f(groundY)} L${f(x)} ${f(groundY - s * 0.45)} L${f(x + s * 0.16)} ${f(groundY)} Z" fill="#3a2414"/>`,
    );
  }

  caravan(x: number, groundY: number, size: number) {
    const s = size;
    const w = s * 1.6;
    const hgt = s * 0.75;
    const y = groundY - s * 0.12 - hgt;
    this.add(
      `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(hgt)}" rx="${f(s * 0.16)}" fill="#f3efe6"/>`,
    );
    this.add(
      `<rect x="${f(x)}" y="${f(y + hgt * 0.55)}" width="${f(w)}" height="${f(hgt * 0.12)}" fill="#2f6b7a"/>`,
    );
    this.add(
      `<rect x="${f(x + w * 0.1)}" y="${f(y + hgt * 0.15)}" width="${f(w * 0.3)}" height="${f(hgt * 0.28)}" rx="${f(s * 0.04)}" fill="#3d5566"/><rect x="${f(x + w * 0.62)}" y="${f(y + hgt * 0.15)}" width="${f(w * 0.2)}" height="${f(hgt * 0.62)}" rx="${f(s * 0.03)}" fill="#c9c1b2"/>`,
    );
    this.add(
      `<circle cx="${f(x + w * 0.42)}" cy="${f(groundY - s * 0.12)}" r="${f(s * 0.13)}" fill="#222"/><circle cx="${f(x + w * 0.42)}" cy="${f(groundY - s * 0.12)}" r="${f(s * 0.05)}" fill="#888"/>`,
    );
    this.add(
      `<line x1="${f(x + w)}" y1="${f(groundY - s * 0.2)}" x2="${f(x + w + s * 0.35)}" y2="${f(groundY - s * 0.1)}" stroke="#444" stroke-width="${f(s * 0.04)}"/>`,
    );
  }

  campfire(x: number, groundY: number, size: number) {
    const s = size;
    const id = this.id("fire");
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="#ffb347" stop-opacity="0.8"/><stop offset="1" stop-color="#ff7b00" stop-opacity="0"/></radialGradient>`,
    );
    this.add(
      `<ellipse cx="${f(x)}" cy="${f(groundY - s * 0.2)}" rx="${f(s * 2.2)}" ry="${f(s * 1.4)}" fill="url(#${id})"/>`,
    );
    this.add(
      `<ellipse cx="${f(x)}" cy="${f(groundY)}" rx="${f(s * 0.7)}" ry="${f(s * 0.16)}" fill="#5b5b5b"/>`,
    );
    this.add(
      `<g stroke="#5a3b22" stroke-width="${f(s * 0.12)}" stroke-linecap="round"><line x1="${f(x - s * 0.5)}" y1="${f(groundY)}" x2="${f(x + s * 0.4)}" y2="${f(groundY - s * 0.15)}"/><line x1="${f(x + s * 0.5)}" y1="${f(groundY)}" x2="${f(x - s * 0.4)}" y2="${f(groundY - s * 0.15)}"/></g>`,
    );
    this.add(
      `<path d="M${f(x - s * 0.35)} ${f(groundY - s * 0.1)} Q${f(x - s * 0.4)} ${f(groundY - s * 0.6)} ${f(x - s * 0.05)} ${f(groundY - s * 1.1)} Q${f(x)} ${f(groundY - s * 0.7)} ${f(x + s * 0.15)} ${f(groundY - s * 0.85)} Q${f(x + s * 0.45)} ${f(groundY - s * 0.45)} ${f(x + s * 0.35)} ${f(groundY - s * 0.1)} Z" fill="#ff8c1a"/>`,
    );
    this.add(
      `<path d="M${f(x - s * 0.15)} ${f(groundY - s * 0.1)} Q${f(x - s * 0.2)} ${f(groundY - s * 0.45)} ${f(x)} ${f(groundY - s * 0.7)} Q${f(x + s * 0.25)} ${f(groundY - s * 0.4)} ${f(x + s * 0.15)} ${f(groundY - s * 0.1)} Z" fill="#ffd34d"/>`,
    );
  }

  swingSet(x: number, groundY: number, size: number) {
    const s = size;
    const wood = "#8b5a2b";
    this.add(
      `<g stroke="${wood}" stroke-width="${f(s * 0.05)}" stroke-linecap="round" fill="none"><line x1="${f(x)}" y1="${f(groundY)}" x2="${f(x + s * 0.2)}" y2="${f(groundY - s)}"/><line x1="${f(x + s * 0.4)}" y1="${f(groundY)}" x2="${f(x + s * 0.2)}" y2="${f(groundY - s)}"/><line x1="${f(x + s * 1.4)}" y1="${f(groundY)}" x2="${f(x + s * 1.6)}" y2="${f(groundY - s)}"/><line x1="${f(x + s * 1.8)}" y1="${f(groundY)}" x2="${f(x + s * 1.6)}" y2="${f(groundY - s)}"/><line x1="${f(x + s * 0.1)}" y1="${f(groundY - s)}" x2="${f(x + s * 1.7)}" y2="${f(groundY - s)}"/></g>`,
    );
    for (const sx of [0.6, 1.1]) {
      this.add(
        `<g stroke="#555" stroke-width="${f(s * 0.012)}"><line x1="${f(x + s * sx)}" y1="${f(groundY - s)}" x2="${f(x + s * sx)}" y2="${f(groundY - s * 0.3)}"/><line x1="${f(x + s * (sx + 0.15))}" y1="${f(groundY - s)}" x2="${f(x + s * (sx + 0.15))}" y2="${f(groundY - s * 0.3)}"/></g><rect x="${f(x + s * (sx - 0.03))}" y="${f(groundY - s * 0.31)}" width="${f(s * 0.21)}" height="${f(s * 0.04)}" fill="#c0392b"/>`,
      );
    }
  }

  slide(x: number, groundY: number, size: number) {
    const s = size;
    this.add(
      `<g stroke-linecap="round"><line x1="${f(x)}" y1="${f(groundY)}" x2="${f(x)}" y2="${f(groundY - s * 0.8)}" stroke="#8b5a2b" stroke-width="${f(s * 0.05)}"/><line x1="${f(x + s * 0.3)}" y1="${f(groundY)}" x2="${f(x + s * 0.3)}" y2="${f(groundY - s * 0.8)}" stroke="#8b5a2b" stroke-width="${f(s * 0.05)}"/><rect x="${f(x - s * 0.05)}" y="${f(groundY - s * 0.85)}" width="${f(s * 0.4)}" height="${f(s * 0.08)}" fill="#8b5a2b"/><path d="M${f(x + s * 0.35)} ${f(groundY - s * 0.8)} Q${f(x + s * 0.7)} ${f(groundY - s * 0.6)} ${f(x + s * 1.1)} ${f(groundY - s * 0.05)}" stroke="#e1a100" stroke-width="${f(s * 0.09)}" fill="none"/></g>`,
    );
  }

  /** A standing or sitting person as a simple silhouette. */
  person(x: number, groundY: number, size: number, color = "#2b2b2b", shirt = "#2f6b7a") {
    const s = size;
    this.add(
      `<g><rect x="${f(x - s * 0.07)}" y="${f(groundY - s * 0.45)}" width="${f(s * 0.06)}" height="${f(s * 0.45)}" fill="${color}"/><rect x="${f(x + s * 0.01)}" y="${f(groundY - s * 0.45)}" width="${f(s * 0.06)}" height="${f(s * 0.45)}" fill="${color}"/><rect x="${f(x - s * 0.1)}" y="${f(groundY - s * 0.82)}" width="${f(s * 0.2)}" height="${f(s * 0.4)}" rx="${f(s * 0.05)}" fill="${shirt}"/><circle cx="${f(x)}" cy="${f(groundY - s * 0.92)}" r="${f(s * 0.09)}" fill="#e0b08a"/><path d="M${f(x - s * 0.13)} ${f(groundY - s * 0.97)} h${f(s * 0.26)} l${f(-s * 0.05)} ${f(-s * 0.06)} h${f(-s * 0.16)} Z" fill="#6b4f2a"/></g>`,
    );
  }

  fishingRod(x: number, y: number, size: number) {
    const s = size;
    this.add(
      `<path d="M${f(x)} ${f(y)} L${f(x + s * 0.9)} ${f(y - s * 0.6)}" stroke="#3b2a1a" stroke-width="${f(s * 0.02)}"/><path d="M${f(x + s * 0.9)} ${f(y - s * 0.6)} Q${f(x + s * 1.2)} ${f(y - s * 0.2)} ${f(x + s * 1.3)} ${f(y + s * 0.35)}" stroke="#eee" stroke-width="${f(s * 0.006)}" fill="none"/>`,
    );
  }

  kayak(x: number, y: number, size: number) {
    const s = size;
    this.add(
      `<path d="M${f(x - s * 0.7)} ${f(y)} Q${f(x)} ${f(y + s * 0.18)} ${f(x + s * 0.7)} ${f(y)} Q${f(x)} ${f(y + s * 0.05)} ${f(x - s * 0.7)} ${f(y)} Z" fill="#c0392b"/>`,
    );
    this.add(
      `<rect x="${f(x - s * 0.07)}" y="${f(y - s * 0.3)}" width="${f(s * 0.14)}" height="${f(s * 0.3)}" rx="${f(s * 0.04)}" fill="#f1c40f"/><circle cx="${f(x)}" cy="${f(y - s * 0.38)}" r="${f(s * 0.07)}" fill="#e0b08a"/>`,
    );
    this.add(
      `<line x1="${f(x - s * 0.4)}" y1="${f(y + s * 0.05)}" x2="${f(x + s * 0.35)}" y2="${f(y - s * 0.35)}" stroke="#333" stroke-width="${f(s * 0.025)}" stroke-linecap="round"/>`,
    );
  }

  fence(y: number, from = 0, to = this.w, postGap = this.u(0.12), color = "#6b4f2a") {
    const posts: string[] = [];
    for (let x = from; x <= to; x += postGap) {
      posts.push(
        `<rect x="${f(x)}" y="${f(y - this.u(0.07))}" width="${f(this.u(0.008))}" height="${f(this.u(0.075))}" fill="${color}"/>`,
      );
    }
    const wire = (dy: number) =>
      `<line x1="${f(from)}" y1="${f(y - dy)}" x2="${f(to)}" y2="${f(y - dy)}" stroke="${color}" stroke-width="${f(this.u(0.002))}"/>`;
    this.add(`<g>${posts.join("")}${wire(this.u(0.025))}${wire(this.u(0.05))}</g>`);
  }

  gate(x: number, groundY: number, size: number) {
    const s = size;
    const c = "#8b6a3e";
    this.add(
      `<g stroke="${c}" stroke-width="${f(s * 0.04)}" stroke-linecap="round" fill="none"><line x1="${f(x)}" y1="${f(groundY)}" x2="${f(x)}" y2="${f(groundY - s * 0.65)}" stroke-width="${f(s * 0.07)}"/><line x1="${f(x + s * 1.5)}" y1="${f(groundY)}" x2="${f(x + s * 1.5)}" y2="${f(groundY - s * 0.65)}" stroke-width="${f(s * 0.07)}"/>${[0.15, 0.3, 0.45, 0.6].map((k) => `<line x1="${f(x)}" y1="${f(groundY - s * k)}" x2="${f(x + s * 1.5)}" y2="${f(groundY - s * k)}"/>`).join("")}<line x1="${f(x)}" y1="${f(groundY - s * 0.15)}" x2="${f(x + s * 1.5)}" y2="${f(groundY - s * 0.6)}"/></g>`,
    );
  }

  trail(x0: number, y0: number, x1: number, y1: number, width: number) {
    this.add(
      `<path d="M${f(x0 - width / 2)} ${f(y0)} C${f(x0)} ${f((y0 + y1) / 2)} ${f(x1 - width * 0.05)} ${f(y1 + (y0 - y1) * 0.3)} ${f(x1 - width * 0.04)} ${f(y1)} L${f(x1 + width * 0.04)} ${f(y1)} C${f(x1 + width * 0.1)} ${f(y1 + (y0 - y1) * 0.3)} ${f(x0 + width)} ${f((y0 + y1) / 2)} ${f(x0 + width / 2)} ${f(y0)} Z" fill="#c8a877"/>`,
    );
  }

  mist(y: number, height: number, opacity = 0.55) {
    const id = this.id("mist");
    this.defs.push(
      `<filter id="${id}" x="-10%" y="-100%" width="120%" height="300%"><feGaussianBlur stdDeviation="${f(height * 0.35)}"/></filter>`,
    );
    const bands: string[] = [];
    for (let i = 0; i < 4; i++) {
      bands.push(
        `<ellipse cx="${f(this.r() * this.w)}" cy="${f(y + this.between(-0.3, 0.3) * height)}" rx="${f(this.w * this.between(0.3, 0.6))}" ry="${f(height * 0.5)}"/>`,
      );
    }
    this.add(`<g fill="#fff" opacity="${opacity}" filter="url(#${id})">${bands.join("")}</g>`);
  }

  birds(count: number, x: number, y: number, spread: number, color = "#2b2b2b") {
    const paths: string[] = [];
    for (let i = 0; i < count; i++) {
      const bx = x + this.between(-1, 1) * spread;
      const by = y + this.between(-0.4, 0.4) * spread;
      const s = this.u(this.between(0.008, 0.014));
      paths.push(
        `M${f(bx - s)} ${f(by)} q${f(s / 2)} ${f(-s / 2)} ${f(s)} 0 q${f(s / 2)} ${f(-s / 2)} ${f(s)} 0`,
      );
    }
    this.add(
      `<path d="${paths.join(" ")}" stroke="${color}" stroke-width="${f(this.u(0.003))}" fill="none" stroke-linecap="round"/>`,
    );
  }

  vignette(strength = 0.25) {
    const id = this.id("vig");
    this.defs.push(
      `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`,
    );
    this.add(`<rect width="${this.w}" height="${this.h}" fill="url(#${id})"/>`);
  }
}
