// A toast that survives one redirect (sign-in lands on /admin, log-out on
// /login): kept in a short-lived cookie and cleared by the page that shows it.
import { createCookie } from "react-router";

export type FlashToast = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
};

const flashCookie = createCookie("rcs_flash", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** Headers that set the toast for the next page. */
export async function flashToastHeaders(toast: FlashToast, headers = new Headers()) {
  headers.append("Set-Cookie", await flashCookie.serialize(toast));
  return headers;
}

/** The pending toast, if any, and the headers that clear it. */
export async function readFlashToast(request: Request) {
  const raw = await flashCookie.parse(request.headers.get("Cookie"));
  const toast = isFlashToast(raw) ? raw : null;
  const headers = new Headers();
  if (toast) headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  return { toast, headers };
}

function isFlashToast(value: unknown): value is FlashToast {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return typeof v.title === "string" && ["success", "error", "info"].includes(String(v.kind));
}
