// A picture added to the media library (issue 30, item 5): the photo itself is
// checked by the photo pipeline; its words are required, for everyone who
// cannot see it (alt text) and for those who can (caption).
import { requiredText } from "./form-fields";
import { z } from "./zod";

export const mediaPictureSchema = z.object({
  alt: requiredText("Alt text", 200),
  caption: requiredText("Caption", 120),
});

export type MediaPictureWords = z.output<typeof mediaPictureSchema>;
