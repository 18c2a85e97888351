import type { Config } from "@react-router/dev/config";

// Server rendering for everything. The marketing pages are rendered once per
// change of what they show and kept in memory (content/public-pages.ts).
export default {
  ssr: true,
} satisfies Config;
