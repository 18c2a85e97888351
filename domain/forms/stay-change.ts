// The change form on the camper's booking page (issue 14): new dates, guests
// and dogs, checked by the same field rules as a new booking's step 1.
import { INVALID_DATES_MESSAGE, stayFields } from "./booking-request";
import { z } from "./zod";

export const stayChangeSchema = z
  .object({
    checkIn: stayFields.checkIn,
    checkOut: stayFields.checkOut,
    guests: stayFields.guests,
    dogs: stayFields.dogs,
  })
  .refine((v) => v.checkOut > v.checkIn, { message: INVALID_DATES_MESSAGE, path: ["checkOut"] });
