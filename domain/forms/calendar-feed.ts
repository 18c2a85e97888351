// The "add a calendar feed" form, one schema for the browser and the server.
// Listings hand out their calendar as https:// or webcal:// addresses; webcal
// is the same address over https, so it is stored that way.

import { plainText } from "./plain-text";
import { z } from "./zod";

export const FEED_NAME_MAX = 60;
export const FEED_URL_MAX = 2000;

/** webcal://host/x.ics -> https://host/x.ics; anything else unchanged. */
export function normaliseFeedUrl(raw: string): string {
  const url = raw.trim();
  return /^webcals?:\/\//i.test(url) ? url.replace(/^webcals?:\/\//i, "https://") : url;
}

function feedUrlProblem(value: string): string | null {
  if (!URL.canParse(value)) return "Enter the feed's full address, starting with https://.";
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "Enter an address starting with https:// or webcal://.";
  }
  if (url.username || url.password) return "Remove the user name and password from the address.";
  return null;
}

export const calendarFeedInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter a name for the feed, for example Airbnb.")
    .max(FEED_NAME_MAX, `Keep the name to ${FEED_NAME_MAX} characters or fewer.`)
    .refine(...plainText("The name")),
  url: z
    .string()
    .trim()
    .min(1, "Enter the feed's address (the listing's calendar export link).")
    .max(FEED_URL_MAX, `The address is longer than ${FEED_URL_MAX} characters.`)
    .refine(...plainText("The address"))
    .transform(normaliseFeedUrl)
    .superRefine((value, ctx) => {
      const problem = feedUrlProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** Empty means the whole campsite. */
  campsiteUnitId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.uuid("Choose the campsite or one of its units.").optional()),
});

export type CalendarFeedInput = z.infer<typeof calendarFeedInput>;
