// The back office fits the screen: at a phone's, a tablet's and two desktop
// widths the Bookings, Payments, Prepaid Cards and Discount Codes tables never scroll
// sideways, and every row's actions are on screen with names; the Calendar
// counts each day's units booked of units available and says 'Full'.
import { format, parseISO } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, farmToday } from "#domain/rules/dates.ts";
import { expectAccessible, setupBrowser } from "#tests/support/browser.ts";
import { openAdminPage } from "#tests/support/catalogue.ts";

const browser = setupBrowser();

const widths = [375, 768, 1280, 1440];
const screens = [
  "/admin/bookings",
  "/admin/payments",
  "/admin/prepaid-cards",
  "/admin/discount-codes",
];

/** How far the page and each table (and the box around it) reach past their width. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return {
      page: root.scrollWidth - window.innerWidth,
      tables: [...document.querySelectorAll("table")].map((table) => {
        const box = table.parentElement ?? table;
        return Math.max(table.scrollWidth - table.clientWidth, box.scrollWidth - box.clientWidth);
      }),
    };
  });
}

type Action = { name: string; words: string; inViewport: boolean; inTable: boolean };

/** Every row's actions cell, with its buttons and links: their names, words and place. */
function rowActions(page: Page) {
  return page.$$eval("tbody tr", (rows) =>
    rows.map((row) => {
      const cell = row.querySelector<HTMLElement>('[data-cell="actions"]');
      if (!cell) return null;
      const region = (cell.closest("section") ?? document.body).getBoundingClientRect();
      const placed = (el: Element) => {
        const r = el.getBoundingClientRect();
        return {
          inViewport: r.left >= 0 && r.right <= window.innerWidth,
          inTable: r.left >= region.left - 0.5 && r.right <= region.right + 0.5,
        };
      };
      const controls = [...cell.querySelectorAll("button, a")].map((el): Action => {
        const shown = el.cloneNode(true) as HTMLElement;
        for (const hidden of shown.querySelectorAll(".sr-only")) hidden.remove();
        return {
          name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim(),
          words: (shown.textContent ?? "").trim(),
          ...placed(el),
        };
      });
      return { cell: placed(cell), controls };
    }),
  );
}

describe("the back office's tables fit the screen", () => {
  for (const width of widths) {
    it(`shows every column and action without sideways scrolling at ${width} px`, async () => {
      const { page, context, consoleErrors } = await openAdminPage(browser(), {
        width,
        height: 900,
      });
      for (const screen of screens) {
        await page.goto(screen);
        await page.locator("tbody tr").first().waitFor();
        const measured = await overflow(page);
        expect(measured.page, `${screen} at ${width} px`).toBeLessThanOrEqual(0);
        for (const table of measured.tables) {
          expect(table, `a table of ${screen} at ${width} px`).toBeLessThanOrEqual(0);
        }
        const rows = await rowActions(page);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(row, `every row of ${screen} has an actions cell`).not.toBeNull();
          expect(row?.cell).toEqual({ inViewport: true, inTable: true });
          for (const action of row?.controls ?? []) {
            expect(action, `${action.name} on ${screen} at ${width} px`).toMatchObject({
              inViewport: true,
              inTable: true,
            });
            expect(action.name).not.toBe("");
            // A word on screen, not only an icon, and the name says it too (WCAG 2.5.3).
            expect(action.words).not.toBe("");
            expect(action.name).toContain(action.words);
          }
        }
        if (screen === "/admin/bookings") {
          const names = rows.flatMap((r) => r?.controls.map((c) => c.name) ?? []);
          expect(names.some((n) => n.startsWith("Cancel booking"))).toBe(true);
        }
        if (width === 375) await expectAccessible(page);
      }
      expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
      await context.close();
    });
  }
});

describe("the calendar shows how full a day is", () => {
  it("counts units booked of units available, and says 'Full' when a day is blocked everywhere", async () => {
    const day = addDays(farmToday(), 45);
    const label = format(parseISO(day), "EEE d MMM yyyy");
    const { page, context, consoleErrors } = await openAdminPage(browser(), {
      width: 1280,
      height: 900,
    });
    await page.goto(`/admin/calendar?month=${day.slice(0, 7)}`);
    const cell = page.getByRole("button", { name: new RegExp(`^${label}:`) });
    const name = () => cell.evaluate((el) => el.textContent ?? "");
    await cell.getByText(/^\d+\/\d+$/).waitFor();
    await expect(name()).resolves.toMatch(/\d+ of \d+ units? booked\..*Block for all campsites/);
    await expect(page.getByRole("list", { name: "How full a day is" }).isVisible()).resolves.toBe(
      true,
    );
    expect((await overflow(page)).page).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await cell.click();
    await page.getByText("Date Blocked").waitFor();
    await page.getByRole("button", { name: new RegExp(`^${label}: Blocked, Full`) }).waitFor();
    await cell.getByText("Full", { exact: true }).waitFor();
    await expect(cell.getByText(/^\d+\/\d+$/).count()).resolves.toBe(0);

    await cell.click();
    await page.getByText("Date Unblocked").waitFor();
    await page
      .getByRole("button", { name: new RegExp(`^${label}:.*Block for all campsites`) })
      .waitFor();
    await cell.getByText(/^\d+\/\d+$/).waitFor();
    await expect(cell.getByText("Full", { exact: true }).count()).resolves.toBe(0);

    // One campsite's view counts that campsite's units only.
    await page.getByLabel("Campsite").selectOption({ index: 1 });
    await page.waitForURL(/campsite=/);
    // The address changes before React has rendered the campsite's days.
    await expect.poll(name).not.toContain("for all campsites");
    await expect(name()).resolves.toMatch(/\d+ of \d+ units? booked\..*Block for /);
    expect(consoleErrors, consoleErrors.join("\n")).toEqual([]);
    await context.close();
  });

  it("fits a phone, with each day's count", async () => {
    const { page, context } = await openAdminPage(browser(), { width: 375, height: 800 });
    await page.goto("/admin/calendar");
    await page
      .getByText(/^\d+\/\d+$/)
      .first()
      .waitFor();
    expect((await overflow(page)).page).toBeLessThanOrEqual(0);
    await context.close();
  });
});
