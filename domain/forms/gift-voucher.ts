// Buying a gift voucher on the public page (issue 31, item 2): one schema for
// the form and the server. The amount is whole dollars from $25 to $500.
import { emailAddress } from "./contact";
import { plainText } from "./plain-text";
import { z } from "./zod";

export const MIN_VOUCHER_DOLLARS = 25;
export const MAX_VOUCHER_DOLLARS = 500;
/** A voucher is good for this many years, at least the three Australian law asks. */
export const VOUCHER_YEARS = 3;

const name = (whose: string) =>
  z
    .string({ error: `Please enter ${whose} name.` })
    .trim()
    .min(1, `Please enter ${whose} name.`)
    .max(100, `Please keep ${whose} name under 100 characters.`)
    .refine(...plainText(`${whose[0]?.toUpperCase()}${whose.slice(1)} name`));

export const giftVoucherSchema = z.object({
  amount: z
    .string({ error: "Choose an amount." })
    .trim()
    .regex(
      /^\d{1,3}$/,
      `Choose a whole-dollar amount from $${MIN_VOUCHER_DOLLARS} to $${MAX_VOUCHER_DOLLARS}.`,
    )
    .transform(Number)
    .refine(
      (n) => n >= MIN_VOUCHER_DOLLARS && n <= MAX_VOUCHER_DOLLARS,
      `Choose a whole-dollar amount from $${MIN_VOUCHER_DOLLARS} to $${MAX_VOUCHER_DOLLARS}.`,
    ),
  buyerName: name("your"),
  buyerEmail: emailAddress("your"),
  recipientName: name("their"),
  recipientEmail: emailAddress("their"),
  message: z
    .string()
    .trim()
    .max(300, "Please keep the message under 300 characters.")
    .refine(...plainText("The message", { multiline: true }))
    .default(""),
});

export type GiftVoucherInput = z.infer<typeof giftVoucherSchema>;
