import { describe, expect, it } from "vitest";
import { calendarFeedInput, normaliseFeedUrl } from "./calendar-feed";

const parse = (input: Record<string, unknown>) =>
  calendarFeedInput.safeParse({ name: "Airbnb", url: "https://example.com/a.ics", ...input });
const errorOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  if (result.success) return null;
  const [issue] = result.error.issues;
  if (!issue) throw new Error("expected the refused form to name an issue");
  return issue.message;
};

describe("the add-a-feed form", () => {
  it("stores a webcal address as the same address over https", () => {
    expect(normaliseFeedUrl(" webcal://www.airbnb.com/calendar/ical/1.ics?s=abc ")).toBe(
      "https://www.airbnb.com/calendar/ical/1.ics?s=abc",
    );
    const result = parse({ url: "WEBCAL://calendar.example.com/x.ics" });
    expect(result.success && result.data.url).toBe("https://calendar.example.com/x.ics");
  });

  it("accepts http and https addresses and trims the name", () => {
    const result = parse({ name: "  Booking.com ", url: "http://example.com/feed" });
    expect(result.success && result.data).toEqual({
      name: "Booking.com",
      url: "http://example.com/feed",
      campsiteUnitId: undefined,
    });
  });

  it("says what is wrong with a bad address", () => {
    expect(errorOf({ url: "" })).toBe(
      "Enter the feed's address (the listing's calendar export link).",
    );
    expect(errorOf({ url: "airbnb.com/calendar.ics" })).toBe(
      "Enter the feed's full address, starting with https://.",
    );
    expect(errorOf({ url: "ftp://example.com/a.ics" })).toBe(
      "Enter an address starting with https:// or webcal://.",
    );
    expect(errorOf({ url: "https://owner:secret@example.com/a.ics" })).toBe(
      "Remove the user name and password from the address.",
    );
    expect(errorOf({ url: `https://example.com/${"a".repeat(2000)}` })).toBe(
      "The address is longer than 2000 characters.",
    );
  });

  it("needs a name of at most 60 characters", () => {
    expect(errorOf({ name: "   " })).toBe("Enter a name for the feed, for example Airbnb.");
    expect(errorOf({ name: "x".repeat(61) })).toBe("Keep the name to 60 characters or fewer.");
  });

  it("reads an empty unit as the whole campsite and refuses a unit that is not an id", () => {
    expect(parse({ campsiteUnitId: "" }).success).toBe(true);
    expect(errorOf({ campsiteUnitId: "site-1" })).toBe("Choose the campsite or one of its units.");
  });
});
