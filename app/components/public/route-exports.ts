// What every public page's route module exports besides its component: its
// `meta`, returning the tags its loader computed with `pageMeta`
// (components/public/seo.ts, which stays on the server), and `handle = noToasts`
// on pages that never show a toast (components/layout/toasts.tsx).
import type { MetaDescriptor } from "react-router";

export function metaFromLoader({ loaderData }: { loaderData?: { meta?: MetaDescriptor[] } }) {
  return loaderData?.meta ?? [];
}

export type ToastsHandle = { toasts?: boolean };

/** For a route module that never shows a toast: `export const handle = noToasts;` */
export const noToasts: ToastsHandle = { toasts: false };
