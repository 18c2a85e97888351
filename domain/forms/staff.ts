// The Staff screen's forms and the invitation page's (decision 0017), shared
// by the forms in the browser and the actions on the server.
import { newPasswordSchema, PASSWORD_MISMATCH } from "./auth";
import { plainText } from "./plain-text";
import { z } from "./zod";

export const inviteStaffSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .toLowerCase()
    .min(1, "Email is required.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter a valid email address.")),
});

export const acceptInvitationSchema = z
  .object({
    token: z.string().min(1, "This invitation link is not valid."),
    name: z
      .string({ error: "Enter your name." })
      .trim()
      .min(1, "Enter your name.")
      .max(100, "Your name may have at most 100 characters.")
      .refine(...plainText("Your name")),
    password: newPasswordSchema,
    confirmPassword: z.string().default(""),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MISMATCH.description,
    path: ["confirmPassword"],
  });
