import { describe, expect, it } from "vitest";
import { anchorFloatingTimes, readFeedNights } from "./read-feed";

// node-ical's own fixture (test/fixtures/floating-dtstart-custom-vtimezone.ics):
// a floating DTSTART in a feed that also carries a VTIMEZONE of its own.
const feed = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//Test//EN",
  "BEGIN:VTIMEZONE",
  "TZID:Customized Time Zone 1",
  "BEGIN:STANDARD",
  "DTSTART:16011104T020000",
  "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010311T020000",
  "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:floating-with-custom-vtimezone@test",
  "DTSTART:20250610T140000",
  "DTEND:20250610T150000",
  "DTSTAMP:20250101T000000Z",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

describe("a floating time in a feed (decision 0005)", () => {
  it("falls on the day written, even when the feed carries its own VTIMEZONE", async () => {
    const read = await readFeedNights(feed, { from: "2025-06-01", until: "2025-06-30" });
    expect(read.events).toEqual([
      { uid: "floating-with-custom-vtimezone@test", nights: ["2025-06-10"] },
    ]);
  });

  it("anchors only floating date-times: dates, UTC and zoned times are left as written", () => {
    const text = [
      "DTSTART;VALUE=DATE:20250610",
      "DTSTART:20250610T140000Z",
      "DTSTART;TZID=Europe/Paris:20250610T140000",
      "EXDATE:20250611T140000,20250612T140000",
      "DTEND:20250610T150000",
    ].join("\r\n");
    expect(anchorFloatingTimes(text, "Australia/Brisbane").split("\r\n")).toEqual([
      "DTSTART;VALUE=DATE:20250610",
      "DTSTART:20250610T140000Z",
      "DTSTART;TZID=Europe/Paris:20250610T140000",
      "EXDATE;TZID=Australia/Brisbane:20250611T140000,20250612T140000",
      "DTEND;TZID=Australia/Brisbane:20250610T150000",
    ]);
  });
});
