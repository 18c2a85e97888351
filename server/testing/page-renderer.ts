// A stand-in for the server build the page thread loads (page-worker.ts), for
// its tests: pages that show what the thread was given, one that fails, one
// that never ends and one that waits.
import type { PageRequest } from "#server/http/page-thread.ts";

export async function renderOnThisThread(request: PageRequest): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/fails") throw new Error("the renderer broke");
  // Stuck in its own code: the thread's event loop never turns again.
  if (url.pathname === "/spin") for (;;);
  // Waiting on something outside the thread (the database, say) for a while.
  if (url.pathname === "/slow") await new Promise((resolve) => setTimeout(resolve, 1_600));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  headers.append("Set-Cookie", "first=1; Path=/");
  headers.append("Set-Cookie", "second=2; Path=/");
  const cookie = new Headers(request.headers).get("cookie");
  const page = `<p>${request.method} ${url.pathname}${url.search} for ${request.clientAddress} (${request.cspNonce}) with ${cookie}</p>`;
  return new Response(page.repeat(50), { status: url.pathname === "/gone" ? 404 : 200, headers });
}
