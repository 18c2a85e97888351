// The sign-in, sign-up and password forms' rules (spec 5), shared by the
// forms in the browser and the actions on the server.
import { z } from "./zod";

const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address."));
const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(128, "The password may have at most 128 characters.");

export const signInSchema = z.object({ email, password });

export const PASSWORD_MISMATCH = {
  title: "Password Mismatch",
  description: "Passwords do not match",
} as const;

export const newPasswordSchema = z
  .string({ error: "Password is required." })
  .min(8, "The password needs at least 8 characters.")
  .max(128, "The password may have at most 128 characters.");

export const signUpSchema = z
  .object({ email, password: newPasswordSchema, confirmPassword: z.string().default("") })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MISMATCH.description,
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is not valid. Please ask for a new one."),
    password: newPasswordSchema,
    confirmPassword: z.string().default(""),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORD_MISMATCH.description,
    path: ["confirmPassword"],
  });
