// What every public page's route module exports besides its component: its
// `meta`, returning the tags its loader computed with `pageMeta`
// (components/public/seo.ts, which stays on the server), and its `handle`:
// `islandsPage` on the marketing and form pages (served without React Router's scripts,
// their interactive parts hydrated as islands: decision 0022), `noToasts` on
// pages of the React Router app that never show a toast (components/layout/toasts.tsx).
import type { MetaDescriptor } from "react-router";

export function metaFromLoader({ loaderData }: { loaderData?: { meta?: MetaDescriptor[] } }) {
  return loaderData?.meta ?? [];
}

export type ToastsHandle = { toasts?: boolean };

/** What decides, on the server, whether a page is served as islands: its address and its loader's answer. */
export type IslandsPageOf = (page: { search: URLSearchParams; data: unknown }) => boolean;

export type PageHandle = ToastsHandle & { islands?: boolean | IslandsPageOf };

/** For a page without the client router: `export const handle = islandsPage;` (app/root.tsx reads it). */
export const islandsPage: PageHandle = { islands: true, toasts: false };

/** For a route module that never shows a toast: `export const handle = noToasts;` */
export const noToasts: ToastsHandle = { toasts: false };
