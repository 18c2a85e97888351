/**
 * Chromium on a closed network: headless-friendly, and none of its own calls
 * home, which this machine refuses (many at a time, slowing every start).
 */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
