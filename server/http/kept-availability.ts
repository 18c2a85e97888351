// GET /api/campsites/:id/availability whose answer is kept (decision 0021) is
// sent before Express sees the request, as the build's files are: the answer
// is the same bytes for everyone until the data changes, and Express's
// middleware costs more than sending them (its per-request objects survive
// into the old generation, and the collections that follow are the slowest
// answers). Anything else, an answer not kept or input the route would
// refuse, goes on to the route in public-api.ts, which keeps the answer.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Availability } from "#domain/api/booking.ts";
import { type AvailabilityRange, availabilityKey } from "#server/services/availability.ts";
import type { ChangeCache } from "#server/services/availability-cache.ts";
import { sendKeptJson } from "./kept-body";

// Nothing escaped ('%', '+'): what the route decodes, this reads the same.
const ADDRESS = /^\/api\/campsites\/([\w-]+)\/availability(?:\?([^#%+]*))?$/;

/** The campsite and range as the route reads them, or nothing where it might read them otherwise. */
function askedFor(url: string): { campsiteId: string; range: AvailabilityRange } | undefined {
  const match = ADDRESS.exec(url);
  if (!match?.[1]) return undefined;
  const query = new URLSearchParams(match[2] ?? "");
  const [from, ...moreFrom] = query.getAll("from");
  const [to, ...moreTo] = query.getAll("to");
  // An empty field is the route's to refuse, not the default range's key to match.
  if (moreFrom.length || moreTo.length || from?.trim() === "" || to?.trim() === "")
    return undefined;
  return { campsiteId: match[1], range: { from: from?.trim(), to: to?.trim() } };
}

/**
 * Answers the request from the kept answer and returns true, or returns false
 * to leave it to the app. `headers` are those every response carries.
 */
export function sendKeptAvailability(
  cache: ChangeCache<Availability> | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): boolean {
  if (!cache?.hearing || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const asked = askedFor(req.url ?? "");
  if (!asked) return false;
  const now = new Date();
  const answer = cache.peek(availabilityKey(asked.campsiteId, asked.range, now), now.getTime());
  if (!answer) return false;
  sendKeptJson(req, res, answer, { common: headers, noStore: true });
  return true;
}
