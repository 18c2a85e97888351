// An event of the farm as the owner enters it (issue 30, item 3): its days,
// its time as the farm writes it, a description and a picture of the library. The same schema runs in
// the browser and the action.
import { dayField, literalText } from "./form-fields";
import { isRowId } from "./row-id";
import { z } from "./zod";

export const siteEventSchema = z
  .object({
    title: literalText("Title", 120),
    startsOn: dayField("First day", true),
    endsOn: dayField("Last day", false),
    time: literalText("Time", 120),
    description: literalText("Description", 1_000),
    /** A picture of the media library, or none. */
    pictureId: z.preprocess(
      (value) => (typeof value === "string" && value !== "" ? value : null),
      z.string().refine(isRowId, "Choose a picture from the library").nullable(),
    ),
  })
  .transform((event, ctx) => {
    const startsOn = event.startsOn ?? "";
    const endsOn = event.endsOn ?? startsOn;
    if (endsOn < startsOn) {
      ctx.addIssue({
        code: "custom",
        path: ["endsOn"],
        message: "The last day cannot be before the first",
      });
    }
    return { ...event, startsOn, endsOn };
  });

export type SiteEventInput = z.output<typeof siteEventSchema>;
