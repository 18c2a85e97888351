// The contact form (spec 2.11, section 5): one schema for the form and the server.

import { plainText } from "./plain-text";
import { z } from "./zod";

/** A camper's email, or the one they give for someone else, on the public forms. */
export const emailAddress = (whose: "your" | "their") =>
  z
    .string({ error: `Please enter ${whose} email address.` })
    .trim()
    .min(1, `Please enter ${whose} email address.`)
    .max(320, `Please check ${whose} email address.`)
    .pipe(z.email("Please enter a valid email address, like name@example.com."));

/** The contact form's fields (spec 5: all three required, email typed as email). */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(200, "Please keep your name under 200 characters.")
    .refine(...plainText("Your name")),
  email: emailAddress("your"),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(5000, "Please keep your message under 5000 characters.")
    .refine(...plainText("Your message", { multiline: true })),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
