// Rate-limited endpoints and helpers that exhaust a limit, for the tests that
// check every limit counts the real client.
import { expect } from "vitest";

export type Endpoint = { path: string; max: number; body: unknown };

/** Better Auth's limited endpoints (server/auth.ts), with bodies it refuses or ignores. */
export const authEndpoints: Endpoint[] = [
  {
    path: "/api/auth/sign-in/email",
    max: 10,
    body: { email: "owner@x.test", password: "wrong-1" },
  },
  { path: "/api/auth/sign-up/email", max: 5, body: { email: "not-an-email" } },
  { path: "/api/auth/request-password-reset", max: 5, body: { email: "nobody@x.test" } },
];

/** The app's own limit on guessing discount codes and prepaid card numbers. */
export const codeGuessing: Endpoint = {
  path: "/api/prepaid-cards/validate",
  max: 30,
  body: { cardNumber: "PC00000000GUESS" },
};

/**
 * One request as it reaches the app through a reverse proxy on loopback: the
 * client's own X-Forwarded-For, then the address the proxy saw, appended.
 */
export function post(origin: string, endpoint: Endpoint, forwardedFor?: string) {
  return fetch(`${origin}${endpoint.path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify(endpoint.body),
  });
}

/** Sends max + 1 requests, each with another forged address, and answers the statuses. */
export async function exhaust(origin: string, endpoint: Endpoint, client: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i <= endpoint.max; i++) {
    const res = await post(origin, endpoint, client(i));
    statuses.push(res.status);
    if (res.status === 429) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  }
  return statuses;
}

export function expectLimitedOnlyAtTheEnd(statuses: number[]) {
  expect(statuses.slice(0, -1)).not.toContain(429);
  expect(statuses.at(-1)).toBe(429);
}
