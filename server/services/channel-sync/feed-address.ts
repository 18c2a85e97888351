// The server reads calendar feeds from the internet and is no proxy into the
// farm's own network: in production a feed must be https and every address it
// resolves to, on each redirect too, must be a public one. Tests and local
// development may allow loopback and plain http (CALENDAR_FEEDS_ALLOW_LOCAL).

import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { Agent } from "undici";
import { env } from "#server/config.ts";

export type FeedAddressPolicy = { allowLocal: boolean };

export const feedAddressPolicy = (): FeedAddressPolicy => ({
  allowLocal: env().CALENDAR_FEEDS_ALLOW_LOCAL,
});

export const NOT_HTTPS = "Enter the feed's https:// address.";
export const NOT_PUBLIC =
  "That address points inside a private network; only feeds on the internet can be imported.";

/** Only ordinary internet addresses: no loopback, private, link-local, multicast or reserved ones. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** Why a feed address may not be read under the policy, before any connection; null when it may. */
export function feedAddressProblem(url: string, policy: FeedAddressPolicy): string | null {
  if (policy.allowLocal) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:") return NOT_HTTPS;
  const host = bareHost(parsed.hostname).toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return NOT_PUBLIC;
  if (isIP(host) && !isPublicAddress(host)) return NOT_PUBLIC;
  return null;
}

/** A DNS lookup that fails for a name resolving to any address that is not public. */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(new Error(NOT_PUBLIC), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first?.address ?? "", first?.family);
  });
}

let publicAgent: Agent | undefined;

/** The connection pool feeds are read through: any, or only to public addresses. */
export function feedDispatcher(policy: FeedAddressPolicy): Agent | undefined {
  if (policy.allowLocal) return undefined;
  publicAgent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
  return publicAgent;
}
