// Who may do what in the back office (issue 17, decision 0017). The owner may
// do everything; staff run the day: Today, bookings (without refunds), the
// calendar's blocks, the timeline, check-in and check-out, and their own sign-in security.
// Money, prices, codes, cards, settings, messages, staff, reports and the
// audit log are the owner's. The server checks this on every request; the
// sidebar only uses it to show each person what they can use.

export const adminRoles = ["owner", "staff"] as const;
export type AdminRole = (typeof adminRoles)[number];

/** Each person's own account page: their sign-in security (decision 0018). */
export const ACCOUNT_PATH = "/admin/account";

/**
 * The admin paths a staff member may open, as an allow-list: a screen added
 * later is the owner's until someone decides otherwise here.
 */
export const staffPaths = [
  "/admin/today",
  "/admin/bookings",
  "/admin/calendar",
  "/admin/timeline",
  ACCOUNT_PATH,
] as const;

/** True when `role` may open the admin screen at `path` (a sidebar link). */
export function mayOpen(role: AdminRole, path: string): boolean {
  return role === "owner" || (staffPaths as readonly string[]).includes(path);
}

/** A refund (full or partial) moves money: only the owner may give one. */
export function mayRefund(role: AdminRole): boolean {
  return role === "owner";
}

/** The stronger role wins when an account holds both rows. */
export function strongestRole(roles: readonly string[]): AdminRole | null {
  if (roles.includes("owner")) return "owner";
  if (roles.includes("staff")) return "staff";
  return null;
}
