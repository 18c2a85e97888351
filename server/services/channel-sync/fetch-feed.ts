// Reads an outside calendar feed over HTTP, defensively: one deadline for the
// whole answer, a size limit enforced while the body streams in, and a
// conditional request so an unchanged feed costs one short 304.

import { fetch, type Response } from "undici";
import {
  type FeedAddressPolicy,
  feedAddressPolicy,
  feedAddressProblem,
  feedDispatcher,
  NOT_PUBLIC,
} from "./feed-address";

/** A failure of a feed, worded for the admin screen. It never repeats the (secret) URL. */
export class FeedError extends Error {}

export type FetchFeedOptions = {
  timeoutMs: number;
  maxBytes: number;
  etag?: string | null;
  lastModified?: string | null;
  /** Which addresses may be read; the configured policy when omitted. */
  policy?: FeedAddressPolicy;
};

export type FetchedFeed =
  | { kind: "not-modified" }
  | { kind: "fetched"; text: string; etag: string | null; lastModified: string | null };

export const DEFAULT_FETCH_OPTIONS = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024 } as const;

/** Listings redirect once or twice (to a CDN, say); more is a loop. */
const MAX_REDIRECTS = 5;

const USER_AGENT = "RockyCreekStation-CalendarSync/1.0 (+iCalendar import)";

export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchedFeed> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const headers: Record<string, string> = {
      accept: "text/calendar, text/plain;q=0.9, */*;q=0.5",
      "user-agent": USER_AGENT,
      // fetch() would add "no-cache" to a conditional request, and some servers
      // (Express among them) then never answer 304; "max-age=0" asks the same without that.
      "cache-control": "max-age=0",
    };
    if (options.etag) headers["if-none-match"] = options.etag;
    if (options.lastModified) headers["if-modified-since"] = options.lastModified;
    const response = await fetchFollowing(url, {
      headers,
      signal: controller.signal,
      policy: options.policy ?? feedAddressPolicy(),
    });
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: "not-modified" };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const text = response.statusText ? ` ${response.statusText}` : "";
      throw new FeedError(`The feed answered HTTP ${response.status}${text}.`);
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > options.maxBytes) {
      await response.body?.cancel();
      throw tooLarge(options.maxBytes);
    }
    const text = await readLimited(response, options.maxBytes);
    return {
      kind: "fetched",
      text,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
    };
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (controller.signal.aborted) {
      throw new FeedError(`The feed did not answer within ${duration(options.timeoutMs)}.`);
    }
    throw new FeedError(`The feed could not be reached (${networkReason(error)}).`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Fetches, following redirects one by one so that each address is checked
 * against the policy before it is read, and connecting only through the
 * policy's pool (which refuses names that resolve to private addresses).
 */
async function fetchFollowing(
  first: string,
  init: { headers: Record<string, string>; signal: AbortSignal; policy: FeedAddressPolicy },
) {
  const dispatcher = feedDispatcher(init.policy);
  let url = first;
  for (let hop = 0; ; hop++) {
    const problem = feedAddressProblem(url, init.policy);
    if (problem) throw new FeedError(problem);
    const response = await fetch(url, {
      headers: init.headers,
      signal: init.signal,
      redirect: "manual",
      dispatcher,
    });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || response.status === 304 || !location)
      return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) throw new FeedError("The feed redirected too many times.");
    url = new URL(location, url).toString();
  }
}

/** The body as text, abandoned as soon as it passes `maxBytes` (decompressed bytes count). */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let received = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`);

function tooLarge(maxBytes: number) {
  const size =
    maxBytes >= 1024 * 1024
      ? `${maxBytes / (1024 * 1024)} MB`
      : `${Math.round(maxBytes / 1024)} KB`;
  return new FeedError(`The feed is larger than ${size}; it was not imported.`);
}

/** A short, safe reason for a network failure: the system error code when there is one. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause?.message === NOT_PUBLIC) return "it points inside a private network";
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message.slice(0, 120);
  return error instanceof Error ? error.message.slice(0, 120) : "network error";
}
