// Public pages whose HTML does not depend on the request: built once at
// `npm run build` and served as files. server.ts serves them before the app.
// (/events is rendered per request: which events are upcoming depends on the day.)
export const prerenderedPaths: string[] = [
  "/",
  "/about",
  "/gallery",
  "/wagyu",
  "/camping",
  "/faq",
  "/policies",
  "/petting-zoo",
  "/contact",
];
