// The farm's details (issue 30, item 1): what every page, email, invoice,
// calendar feed and piece of structured data says about the farm. The owner
// edits them in the back office; the environment gives the first-run values.
// The same schema runs in the browser and in the route action.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { isValidAbn } from "#domain/rules/abn.ts";
import { checkbox, optionalText, requiredText } from "./form-fields";
import { z } from "./zod";

const email = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: `${label} is required` })
      .min(1, `${label} is required`)
      .max(254, `${label} is too long`)
      .pipe(z.email(`${label} must be an email address, like name@example.com`)),
  );

/** An https address, or nothing when it may be left empty. */
const webAddress = (label: string, { required = false } = {}) =>
  optionalText(label, 500).refine(
    (value) => (value === "" ? !required : isWebAddress(value)),
    required
      ? `${label} must be a web address starting with https://`
      : `${label} must be a web address starting with https://, or left empty`,
  );

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** An Australian phone number (or an international one with its +), as people dial it. */
const phone = requiredText("Phone", 30).refine(
  (value) => parsePhoneNumberFromString(value, "AU")?.isValid() === true,
  "Phone must be a phone number that can be dialled, like (07) 5550 1234 or 0412 345 678",
);

export const farmDetailsSchema = z
  .object({
    farmName: requiredText("Farm name", 60),
    legalName: requiredText("Legal name", 120),
    phone,
    email: email("Email"),
    notificationEmail: email("Notification email"),
    street: requiredText("Street address", 120),
    locality: requiredText("Town", 60),
    region: requiredText("State", 60),
    postcode: requiredText("Postcode", 4).refine(
      (value) => /^\d{4}$/.test(value),
      "Postcode must be 4 digits",
    ),
    mapUrl: webAddress("Map link"),
    abn: optionalText("ABN", 20)
      .transform((value) => value.replace(/\s/g, ""))
      .refine(
        (value) => value === "" || isValidAbn(value),
        "ABN must be the farm's 11-digit Australian Business Number (its check digits do not add up)",
      ),
    gstRegistered: checkbox,
    facebookUrl: webAddress("Facebook page"),
    instagramUrl: webAddress("Instagram page"),
    bookingListingUrl: webAddress("Booking listing", { required: true }),
  })
  .refine((details) => !details.gstRegistered || details.abn !== "", {
    path: ["gstRegistered"],
    message: "A farm registered for GST has an ABN: enter it, or untick GST registered",
  });

export type FarmDetails = z.infer<typeof farmDetailsSchema>;

/** "+61755501234": the number as dialled from anywhere, for tel: links. */
export function phoneE164(phoneNumber: string): string {
  return (
    parsePhoneNumberFromString(phoneNumber, "AU")?.number ?? phoneNumber.replace(/[^\d+]/g, "")
  );
}
