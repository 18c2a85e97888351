import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "#content/prerender.ts";

// Server rendering for everything; the static marketing pages are also
// prerendered to HTML at build time (see content/prerender.ts).
export default {
  ssr: true,
  prerender: prerenderedPaths,
} satisfies Config;
