import { describe, expect, it } from "vitest";
import type { TimelineStay } from "#domain/api/admin-timeline.ts";
import type { RowClosure } from "#domain/rules/timeline.ts";
import { windowDays } from "#domain/rules/timeline.ts";
import { escapeHtml, type UnitRowInput, unitRowHtml } from "./unit-row-html";

const dates = windowDays("2026-06-10", 5); // 10 to 14 June
const stay = (overrides: Partial<TimelineStay> = {}): TimelineStay => ({
  id: "stay-1",
  bookingReference: "BK000001",
  guestName: "Sarah Mitchell",
  checkIn: "2026-06-11",
  checkOut: "2026-06-13",
  status: "paid",
  checkedIn: false,
  checkedOut: false,
  ...overrides,
});

function row(overrides: Partial<UnitRowInput> = {}): string {
  return unitRowHtml({
    campsite: { id: "camp-1", name: "Creekside Camp" },
    unit: { id: "unit-1", name: "Site 2", isActive: true, stays: [stay()] },
    dates,
    dayLabel: (day) => `day ${day}`,
    nextDay: (day) => `after ${day}`,
    today: "2026-06-10",
    closed: new Map(),
    ...overrides,
  });
}

/** The opening tags of one kind of element, in order. */
const tags = (html: string, pattern: RegExp) => html.match(pattern) ?? [];

describe("a unit's row as HTML", () => {
  it("names the unit, then draws the stay across its nights and one link on each run of empty ones", () => {
    const html = row();
    expect(html.startsWith('<th scope="row"')).toBe(true);
    expect(html).toContain(">Site 2</th>");
    expect(tags(html, /<td[^>]*>/g)).toEqual([
      '<td colspan="1">',
      '<td colspan="2" class="relative">',
      '<td colspan="2">',
    ]);
    // Each run's link books its first night (without script; with it, the night pointed at).
    const runs = tags(html, /<a href="\/admin\/bookings\/new[^>]*>/g);
    expect(runs).toEqual([
      '<a href="/admin/bookings/new?campsiteId=camp-1&amp;unitId=unit-1&amp;checkIn=2026-06-10&amp;checkOut=after 2026-06-10" data-new-booking="2026-06-10" tabindex="-1" aria-label="New booking from day 2026-06-10">',
      '<a href="/admin/bookings/new?campsiteId=camp-1&amp;unitId=unit-1&amp;checkIn=2026-06-13&amp;checkOut=after 2026-06-13" data-new-booking="2026-06-13" tabindex="-1" aria-label="New booking from day 2026-06-13">',
    ]);
  });

  it("gives the bar its booking, status, Move link and a name that begins with its words", () => {
    const html = row({
      unit: {
        id: "unit-1",
        name: "Site 2",
        isActive: true,
        stays: [stay({ checkedIn: true, status: "confirmed" })],
      },
    });
    expect(html).toContain('href="/admin/bookings?q=BK000001&amp;status=all"');
    expect(html).toContain('data-stay-id="stay-1"');
    expect(html).toContain('data-status="confirmed"');
    expect(html).toContain(
      'aria-label="Sarah Mitchell Confirmed · In · 2 nights, checked in, Creekside Camp Site 2, day 2026-06-11 to day 2026-06-13"',
    );
    // Its words whole on a pointer's rest too, as a short bar cuts them off.
    expect(html).toContain(
      'title="Sarah Mitchell Confirmed · In · 2 nights, checked in, Creekside Camp Site 2, day 2026-06-11 to day 2026-06-13"',
    );
    expect(html).toContain("<b>Sarah Mitchell</b> <small>Confirmed · In · 2 nights</small>");
    expect(html).toContain(
      '<a href="/admin/bookings/stay-1/change" data-move aria-label="Move Sarah Mitchell">Move</a>',
    );
  });

  it("marks a stay cut by the window's edges, and leaves past nights without a link", () => {
    const html = row({
      today: "2026-06-12",
      unit: {
        id: "unit-1",
        name: "Site 2",
        isActive: true,
        stays: [
          stay({ checkIn: "2026-06-08", checkOut: "2026-06-11" }),
          stay({ id: "stay-2", checkIn: "2026-06-13", checkOut: "2026-06-20" }),
        ],
      },
    });
    expect(html).toContain("data-starts-before");
    expect(html).toContain("data-ends-after");
    // 10 June is held by the first stay; 11 June is past, 12 June today.
    expect(tags(html, /<td colspan="1" class="past">/g)).toHaveLength(1);
    expect(tags(html, /aria-label="New booking from [^"]*"/g)).toEqual([
      'aria-label="New booking from day 2026-06-12"',
    ]);
  });

  it("draws closed nights apart, the imported ones by their calendar's name", () => {
    const hipcamp: RowClosure = { label: "Closed by Hipcamp", badge: "Hipcamp", imported: true };
    const blocked: RowClosure = { label: "Blocked", badge: "Blocked", imported: false };
    const html = row({
      unit: { id: "unit-1", name: "Site 2", isActive: true, stays: [] },
      closed: new Map([
        ["2026-06-10", hipcamp],
        ["2026-06-11", hipcamp],
        ["2026-06-14", blocked],
      ]),
    });
    expect(html).toContain(
      '<td colspan="2"><div class="mx-0.5 flex h-10 items-center overflow-hidden rounded-md border border-dashed border-violet-700 bg-violet-50 px-1.5 text-[11px] font-semibold text-violet-950" data-closure="imported"><span class="sr-only">Closed by </span><span class="truncate">Hipcamp</span><span class="sr-only">, day 2026-06-10, 2 nights</span></div></td>',
    );
    expect(html).toContain('data-closure="blocked"><span class="truncate">Blocked</span>');
  });

  it("escapes what guests and the farm typed", () => {
    const hostile = `<img src=x onerror="alert(1)">'&`;
    const html = row({
      campsite: { id: "camp-1", name: hostile },
      unit: {
        id: "unit-1",
        name: hostile,
        isActive: false,
        stays: [stay({ guestName: hostile })],
      },
    });
    expect(html).not.toContain("<img");
    expect(html).not.toContain('"alert(1)"');
    expect(html).toContain(`>${escapeHtml(hostile)} (inactive)</th>`);
    expect(html).toContain(`<b>${escapeHtml(hostile)}</b>`);
    expect(escapeHtml(hostile)).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;&amp;");
  });
});
