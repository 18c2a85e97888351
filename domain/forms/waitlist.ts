// Joining the waitlist of full dates (issue 31, item 3): one schema for the
// form on step 1 and the server. The email is kept in lower case, so one
// camper's entries for a stay are one.
import { isIsoDay } from "#domain/rules/dates.ts";
import { emailAddress } from "./contact";
import { isRowId } from "./row-id";
import { z } from "./zod";

export const waitlistSchema = z
  .object({
    campsiteId: z.string().refine(isRowId, "Choose a campsite"),
    checkIn: z
      .string({ error: "Choose a check-in date" })
      .refine(isIsoDay, "Choose a check-in date"),
    checkOut: z
      .string({ error: "Choose a check-out date" })
      .refine(isIsoDay, "Choose a check-out date"),
    email: emailAddress("your").transform((email) => email.toLowerCase()),
  })
  .refine((v) => v.checkOut > v.checkIn, {
    path: ["checkOut"],
    message: "Check-out must be after check-in",
  });

export type WaitlistInput = z.infer<typeof waitlistSchema>;
