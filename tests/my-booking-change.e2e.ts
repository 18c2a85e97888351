// The camper's own page at the gate and after a change of plans, on the
// production build: it opens again with the phone offline (saying it is the
// saved copy) and brings itself up to date when back online; the camper adds
// a night, pays the difference on the test checkout and comes back to the
// changed stay; then takes the night off again and gets it refunded.
import { describe, expect, it } from "vitest";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { addDays } from "#domain/rules/dates.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { apiAt, bookStay, payOnTestCheckout } from "#tests/support/paid-booking.ts";
import { setupOwnServer } from "#tests/support/spawn-server.ts";

const browser = setupBrowser();
const own = setupOwnServer("rcs-my-booking-change-");
const api = apiAt(() => own.server().baseURL);

describe("the camper's page offline and a change of dates", () => {
  it("opens offline once opened, changes the stay through the checkout and back", async () => {
    const { booking, checkoutUrl } = await bookStay(
      api,
      { firstName: "Ari", lastName: "Stone", email: "ari.stone@example.com" },
      { spareNights: 1 },
    );
    const context = await browser().newContext({
      baseURL: own.server().baseURL,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await payOnTestCheckout(page, checkoutUrl);
    await page.getByRole("link", { name: "Manage your booking" }).click();
    await page.waitForURL("**/my-booking/*");
    await page.getByText("Last updated").waitFor();

    // The worker saves the page the camper opened; then the phone loses its signal.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open("my-booking-pages-v1");
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }),
      )
      .toContain(new URL(page.url()).pathname);
    await context.setOffline(true);
    await page.reload();
    await page.getByText("You are offline: this is the copy saved on this phone.").waitFor();
    expect(await page.locator("main").textContent()).toContain(booking.bookingReference);
    // Back online, the page loads itself again.
    await context.setOffline(false);
    await expect.poll(() => page.getByText("You are offline").count(), { timeout: 10_000 }).toBe(0);

    // One more night: priced first, paid on the checkout, then changed.
    const longer = addDays(booking.checkOut, 1);
    await page.getByRole("button", { name: "Change dates or guests" }).click();
    // The button is gone: focus goes to the first field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")))
      .toBe("checkIn");
    await page.getByLabel("Check-out").fill(longer);
    await page.getByRole("button", { name: "Check the new price" }).click();
    const statement = page.getByText(/^You pay \$[\d.,]+ by card for the changed stay\./);
    await statement.waitFor();
    // The page comes back with the price, and a screen reader starts there.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe("Your changed stay");
    expect(await statement.textContent()).toContain(
      `Your earlier card payment of ${formatMoney(booking.finalAmountCents)} is then refunded in full.`,
    );
    await page.getByRole("button", { name: "Pay and change" }).click();
    await page.waitForURL("**/test-checkout/*");
    await page.getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await page.waitForURL("**/my-booking/**");
    await page.getByText("Your payment went through and your booking has been changed.").waitFor();
    const changed = await page.locator("main").textContent();
    expect(changed, changed ?? "").toContain(formatLongDay(longer));

    // And back to two nights: the night comes off, refunded (more than 7 days ahead).
    await page.getByRole("button", { name: "Change dates or guests" }).click();
    await page.getByLabel("Check-out").fill(booking.checkOut);
    await page.getByRole("button", { name: "Check the new price" }).click();
    await page
      .getByText(/^The changed stay costs less: you get \$[\d.,]+ back to your card\.$/)
      .waitFor();
    await page.getByRole("button", { name: "Confirm the change" }).click();
    await page
      .getByText("Your booking has been changed. We have emailed you the new confirmation.")
      .waitFor();
    // Shown at an address of its own, so a reload asks for the page, not the change again;
    // the address names the booking's version the change made (the paid change made 1).
    const changedAt = new URL(page.url());
    expect(changedAt.search).toBe("?done=changed&version=2");
    // The note is true only there: the older change's address, or one without its version, says nothing.
    for (const search of ["?done=changed&version=1", "?done=changed", "?done=changed&version=3"]) {
      const html = await (await fetch(`${changedAt.origin}${changedAt.pathname}${search}`)).text();
      expect(html, search).toContain(booking.bookingReference);
      expect(html, search).not.toContain("has been changed");
    }
    // The page reloads the booking after the change.
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(`Leave${formatLongDay(booking.checkOut)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  }, 90_000);
});
