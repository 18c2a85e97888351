// Two-factor sign-in end to end (issue 17 item 4, decision 0018), on the
// production build with its own server and a fresh owner account of its own:
// the owner turns on TOTP at Your Account (password, QR code and key, a code
// from the app computed here from the shown key, recovery codes once), logs
// out, cannot sign in with the password alone (not at /login, not through the
// API), signs in with a code, and once with a recovery code, which the audit
// log names.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpNow } from "#server/testing/totp.ts";
import { runScript } from "#tests/support/accounts.ts";
import { expectAccessible, setupBrowser, toast } from "#tests/support/browser.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const owner = { email: "guarded-owner@rockycreek.test", password: "guarded-owner-password" };

const browser = setupBrowser();
const own = setupOwnServer("rcs-2fa-", {
  env: { WORKERS: "off" },
  prepare: (dataDir) =>
    runScript(
      ["server/scripts/admin-create.ts", "--email", owner.email, "--password", owner.password],
      dataDir,
    ),
});
const base = () => own.server().baseURL;

async function newPage() {
  const context = await browser().newContext({
    baseURL: base(),
    viewport: { width: 1280, height: 900 },
  });
  return { context, page: await context.newPage() };
}

/** The password step at /login; two-factor on leads to the code step. */
async function enterPassword(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Whether the browser's cookies open the back office's API. */
async function apiStatus(page: Page) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const res = await fetch(`${base()}/api/admin/bookings`, { headers: { cookie } });
  return res.status;
}

describe("an owner with two-factor sign-in", () => {
  let secret = "";
  let recoveryCodes: string[] = [];

  it("turns it on at Your Account: password, key and QR code, a code, then the recovery codes", async () => {
    const { page, context } = await newPage();
    await enterPassword(page);
    await page.waitForURL("**/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Your Account" })
      .click();
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    await page.getByLabel("Your password").fill(owner.password);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    await expectAccessible(page);

    await page.getByLabel("Code from the app").fill(await totpNow(secret));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await toast(page, "Two-Factor Sign-In On");
    const codes = page.getByRole("region", { name: "Your recovery codes" }).getByRole("listitem");
    await codes.first().waitFor();
    recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole("button", { name: "Turn off two-factor" }).waitFor();

    await page.getByRole("button", { name: "Log Out" }).first().click();
    await page.waitForURL("**/login");
    expect(await apiStatus(page)).toBe(401);
    await context.close();
  });

  it("cannot sign in with the password alone, at /login or through the API", async () => {
    const { page, context } = await newPage();
    await enterPassword(page);
    await page.waitForURL("**/login?step=code");
    await page.getByLabel("Authentication code").waitFor();
    expect(await apiStatus(page)).toBe(401);
    await context.close();

    const res = await fetch(`${base()}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base() },
      body: JSON.stringify(owner),
    });
    expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const admin = await fetch(`${base()}/api/admin/bookings`, { headers: { cookie } });
    expect(admin.status).toBe(401);
    // The code is sent only through the site's pages, which keep the audit log.
    const direct = await fetch(`${base()}/api/auth/two-factor/verify-totp`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base(), cookie },
      body: JSON.stringify({ code: await totpNow(secret) }),
    });
    expect(direct.status).toBe(404);
  });

  it("is refused a wrong code and signs in with the right one", async () => {
    const { page, context } = await newPage();
    await enterPassword(page);
    await page.waitForURL("**/login?step=code");
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not right.").first().waitFor();
    expect(await apiStatus(page)).toBe(401);
    await page.getByLabel("Authentication code").fill(await totpNow(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    expect(await apiStatus(page)).toBe(200);
    await context.close();
  });

  it("signs in once with a recovery code, which the audit log names", async () => {
    const { page, context } = await newPage();
    await enterPassword(page);
    await page.waitForURL("**/login?step=code");
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/admin");
    expect(await apiStatus(page)).toBe(200);

    await page.goto("/admin/audit-log");
    const entries = page.getByRole("region", { name: "Audit log, newest first" });
    await entries.getByText("Two factor recovery code used").first().waitFor();
    await entries.getByText("Two factor enabled").first().waitFor();
    await context.close();
  });
});
