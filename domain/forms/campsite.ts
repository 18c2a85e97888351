// The add/edit campsite form (spec 2.15 Campsites, section 5 Campsite form):
// quantity at least 1 (a non-numeric value becomes 1), images and amenities
// comma separated, trimmed, blanks dropped.

import { checkbox, moneyField, optionalText, requiredText, splitList } from "./form-fields";
import { plainText } from "./plain-text";
import { z } from "./zod";

/** Most spots one campsite may have; each spot is a bookable unit. */
export const MAX_CAMPSITE_QUANTITY = 100;
export const MAX_CAMPSITE_CAPACITY = 100;
const MAX_IMAGES = 20;
const MAX_AMENITIES = 30;

/** New-campsite defaults (spec section 3 and 9). */
export function newCampsiteDefaults(farmName: string) {
  return {
    name: "New Campsite",
    location: `${farmName} Station`,
    description: "",
    pricePerNight: "50",
    capacity: "6",
    quantity: "1",
    amenities: "",
    images: "",
    isActive: true,
  };
}

/** A non-numeric quantity becomes 1 (spec section 5); anything below 1 is refused. */
const quantity = z
  .preprocess((value) => {
    const n = Number.parseInt(typeof value === "string" ? value.trim() : String(value), 10);
    return Number.isNaN(n) ? 1 : n;
  }, z.number())
  .pipe(
    z
      .number()
      .min(1, "Quantity must be at least 1")
      .max(MAX_CAMPSITE_QUANTITY, `Quantity must be at most ${MAX_CAMPSITE_QUANTITY}`),
  );

const capacity = z
  .preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string())
  .transform((value, ctx) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > MAX_CAMPSITE_CAPACITY) {
      ctx.addIssue({
        code: "custom",
        message: `Maximum guests must be a whole number from 1 to ${MAX_CAMPSITE_CAPACITY}`,
      });
      return z.NEVER;
    }
    return n;
  });

/** An image is a web address (https://...) or a path on this site (/uploads/...). */
function isImageAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const images = z.preprocess(
  splitList,
  z
    .array(
      z
        .string()
        .max(500, "Each image address must be at most 500 characters")
        .refine(...plainText("Each image address"))
        .refine(isImageAddress, {
          message: "Each image must be a web address (https://...) or an uploaded photo",
        }),
    )
    .max(MAX_IMAGES, `At most ${MAX_IMAGES} images`),
);

/** Amenities keep the admin's wording; the same amenity typed twice is kept once. */
const amenities = z.preprocess(
  (value) => {
    const seen = new Set<string>();
    return splitList(value).filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  z
    .array(
      z
        .string()
        .max(40, "Each amenity must be at most 40 characters")
        .refine(...plainText("Each amenity")),
    )
    .max(MAX_AMENITIES, `At most ${MAX_AMENITIES} amenities`),
);

export const campsiteFormSchema = z
  .object({
    name: requiredText("Name", 100),
    location: optionalText("Location", 200),
    description: optionalText("Description", 2000, { multiline: true }),
    pricePerNight: moneyField("Price per night"),
    capacity,
    quantity,
    amenities,
    images,
    isActive: checkbox,
  })
  .transform(({ pricePerNight, ...rest }) => ({ ...rest, pricePerNightCents: pricePerNight }));

export type CampsiteInput = z.output<typeof campsiteFormSchema>;
