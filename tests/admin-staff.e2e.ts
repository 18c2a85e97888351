// Staff accounts end to end (issue 17, decision 0017), on the production build
// with its own server and an SMTP sink: the owner invites a helper by email;
// the helper sets a name and password on the link, signs in at /login, lands
// on Today, opens the calendar, sees no payments, settings or refunds, and
// gets 403 from the owner's APIs and actions; the used link says so; the
// owner sees the helper's actions in the audit log (at phone and desktop
// width) and removes them, which ends their session.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { present } from "#server/testing/present.ts";
import { expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { addSessionCookie, signedInCookie } from "#tests/support/sessions.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-staff-", { mail: true, env: { WORKERS: "on" } });
const base = () => own.server().baseURL;
const helper = {
  email: "helper@rockycreek.test",
  name: "Harriet Helper",
  password: "helper-password-1",
};

const signedIn = (email: string, password: string) => signedInCookie(email, password, base());

async function pageAs(cookie: string | null, viewport = { width: 1280, height: 900 }) {
  const context = await browser().newContext({ baseURL: base(), viewport });
  if (cookie) await addSessionCookie(context, cookie);
  const page = await context.newPage();
  return { context, page };
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );

/** The invitation link from the email (quoted-printable: soft breaks and =3D undone). */
async function invitationLink(): Promise<string> {
  const mail = await own.sink().waitFor((m) => m.to.includes(helper.email), 30_000);
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return present(/https?:\/\/\S+\/staff-invitation\?token=[\w-]+/.exec(text)?.[0], "the link");
}

describe("a staff member invited by the owner", () => {
  let link = "";
  let staffCookie = "";
  let ownerCookie = "";

  it("is invited from the Staff screen and sets their own name and password", async () => {
    const { admin } = inject("accounts");
    ownerCookie = await signedIn(admin.email, admin.password);
    const owner = await pageAs(ownerCookie);
    await owner.page.goto("/admin/staff");
    await owner.page.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await owner.page.getByLabel("Email").fill(helper.email);
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    await toast(owner.page, "Invitation Sent");
    await owner.page.getByRole("heading", { name: "Open invitations" }).waitFor();
    await expectAccessible(owner.page);
    await owner.context.close();

    link = await invitationLink();
    const visitor = await pageAs(null, { width: 375, height: 812 });
    await visitor.page.goto(link);
    await visitor.page.getByText(`You are invited as staff with ${helper.email}`).waitFor();
    await visitor.page.getByLabel("Your name").fill(helper.name);
    await visitor.page.getByLabel("Password", { exact: true }).fill(helper.password);
    await visitor.page.getByLabel("Confirm password").fill(helper.password);
    await visitor.page.getByRole("button", { name: "Save and continue to sign in" }).click();
    await visitor.page.waitForURL("**/login");
    await toast(visitor.page, "Welcome aboard");

    // The link worked once.
    await visitor.page.goto(link);
    await visitor.page.getByText("This invitation has already been used.").waitFor();
    await visitor.context.close();
  });

  it("signs in at /login, lands on Today, opens the calendar, and sees no money or settings", async () => {
    const { page, context } = await pageAs(null);
    await page.goto("/login");
    await page.getByLabel("Email").fill(helper.email);
    await page.getByLabel("Password").fill(helper.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/admin/today");
    await page.getByRole("heading", { name: "Today", level: 1 }).waitFor();
    const nav = page.getByRole("navigation", { name: "Admin" });
    const links = await nav.getByRole("link").allTextContents();
    expect(links.map((l) => l.trim())).toEqual([
      "Today",
      "Bookings",
      "Calendar",
      "Timeline",
      "Your Account",
    ]);

    await nav.getByRole("link", { name: "Calendar" }).click();
    await page.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();

    for (const screen of ["/admin/payments", "/admin/settings", "/admin/staff"]) {
      await page.goto(screen);
      await page.getByRole("heading", { name: "Owner Only" }).waitFor();
    }

    // A paid booking's Cancel offers no refund to staff.
    await page.goto("/admin/bookings?status=paid");
    await page
      .getByRole("button", { name: /^Cancel booking / })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Only the owner can give a refund.").waitFor();
    await expect(dialog.getByRole("radio").count()).resolves.toBe(0);
    await dialog.getByRole("button", { name: "Keep booking" }).click();
    staffCookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await context.close();
  });

  it("gets 403 from the owner's APIs and actions, and nothing changes", async () => {
    const asStaff = (path: string, init: RequestInit = {}) =>
      fetch(`${base()}${path}`, {
        ...init,
        redirect: "manual",
        headers: { cookie: staffCookie, origin: base(), ...(init.headers ?? {}) },
      });
    expect((await asStaff("/api/admin/dashboard")).status).toBe(403);
    expect((await asStaff("/admin/payments/export")).status).toBe(403);
    const settings = await asStaff("/admin/settings.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "save-settings", minimumNightStay: "9" }),
    });
    expect(settings.status).toBe(403);

    const paid = await asStaff("/api/admin/bookings?status=paid");
    expect(paid.status).toBe(200);
    const booking = present(
      ((await paid.json()) as { bookings: { id: string }[] }).bookings[0],
      "a paid booking",
    );
    const refund = await asStaff(`/api/admin/bookings/${booking.id}/cancel`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refund: "full" }),
    });
    expect(refund.status).toBe(403);
    expect(await refund.json()).toMatchObject({ code: "owner_only" });
    const after = await asStaff(`/api/admin/bookings/${booking.id}`);
    expect(((await after.json()) as { booking: { status: string } }).booking.status).toBe("paid");
    const ownerSettings = await fetch(`${base()}/admin/settings`, {
      headers: { cookie: ownerCookie },
    });
    expect(await ownerSettings.text()).not.toContain('name="minimumNightStay" value="9"');
  });

  it("shows the owner who did what in the audit log, fitting a phone and a desktop", async () => {
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const { page, context } = await pageAs(ownerCookie, viewport);
      await page.goto("/admin/audit-log");
      await page.getByRole("heading", { name: "Audit Log", level: 1 }).waitFor();
      await page.getByLabel("Person").selectOption({ label: `${helper.name} (${helper.email})` });
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/person=/);
      const entries = page.getByRole("region", { name: "Audit log, newest first" });
      await entries.getByText("Staff joined").waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await context.close();
    }
  });

  it("is removed by the owner, which ends their session at once", async () => {
    const { page, context } = await pageAs(ownerCookie);
    await page.goto("/admin/staff");
    await page.getByRole("button", { name: `Remove ${helper.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await toast(page, "Staff Member Removed");
    await context.close();
    const res = await fetch(`${base()}/api/admin/bookings`, { headers: { cookie: staffCookie } });
    expect(res.status).toBe(401);
  });
});
