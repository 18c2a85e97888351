// The two-factor forms (decision 0018): the account page's password and
// authenticator code, and the second step of signing in. Shared by the forms
// in the browser and the actions on the server.
import { z } from "./zod";

const password = z
  .string({ error: "Password is required." })
  .min(1, "Password is required.")
  .max(128, "The password may have at most 128 characters.");

/** Six digits; the spaces an authenticator app shows between groups are ignored. */
export const totpCode = z
  .string({ error: "Enter the 6-digit code." })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));

/** A recovery code as shown (xxxxx-xxxxx); spaces and letter case as typed. */
export const recoveryCode = z
  .string({ error: "Enter a recovery code." })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/,
        "Enter a recovery code as shown, like ab12c-3de45.",
      ),
  );

export const twoFactorPasswordSchema = z.object({ password });
export const twoFactorConfirmSchema = z.object({ code: totpCode });

/** The second step of signing in: an authenticator code or one recovery code. */
export const signInCodeSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: totpCode }),
  z.object({ method: z.literal("recovery"), code: recoveryCode }),
]);
export type SignInCode = z.output<typeof signInCodeSchema>;

/** The owner's switch on the Staff screen: a checkbox posts "on" or nothing. */
export const requireTwoFactorSchema = z.object({
  required: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
