// Sessions for the shared server's accounts, made through the API: sign-ins
// are rate limited per address (10 a minute), so each account signs in once
// per test file and the cookie is reused.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser";

const cookies = new Map<string, Promise<string>>();

/** The account's session cookie, signed in once per file. */
export function sessionCookie(email: string, password: string): Promise<string> {
  let cookie = cookies.get(email);
  if (!cookie) {
    cookie = signedInCookie(email, password);
    cookies.set(email, cookie);
  }
  return cookie;
}

/** A new session of its own (a sign-in each call), on the shared server or `base`. */
export async function signedInCookie(
  email: string,
  password: string,
  base = baseURL(),
): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Puts a `name=value; name=value` cookie header into a browser context. */
export function addSessionCookie(context: BrowserContext, cookie: string) {
  return context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: baseURL() };
    }),
  );
}
