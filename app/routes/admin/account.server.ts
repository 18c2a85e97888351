// The account page's actions (decision 0018): start two-factor with the
// password (answering the secret as text and as a QR code), confirm it with a
// code (answering the recovery codes, once), and turn it off with the password.
import QRCode from "qrcode";
import { type AppLoadContext, data } from "react-router";
import type { TwoFactorSetup } from "#app/components/admin/account/two-factor-section.tsx";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { twoFactorConfirmSchema, twoFactorPasswordSchema } from "#domain/forms/two-factor.ts";
import type { AdminUser } from "#server/services/admin-access.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactor,
} from "#server/services/two-factor-account.ts";

const failure =
  (title: string) =>
  (description?: string): ToastMessage => ({ kind: "error", title, description });

export async function accountAction(
  context: AppLoadContext,
  request: Request,
  person: AdminUser,
  form: FormData,
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "start") return start(context, request, person, form);
  if (intent === "confirm") return confirm(context, request, person, form);
  if (intent === "disable") return disable(context, request, person, form);
  return unknownIntent(intent);
}

async function start(context: AppLoadContext, request: Request, person: AdminUser, form: FormData) {
  const toast = failure("Two-Factor Not Started");
  const parsed = parseForm(twoFactorPasswordSchema, form);
  if (!parsed.ok) return invalidForm("start", parsed.errors, toast);
  try {
    const { totpURI } = await startTwoFactor(context, request, person, parsed.data.password);
    return ok<TwoFactorSetup>("start", undefined, await setupOf(totpURI));
  } catch (error) {
    return refused("start", error, toast);
  }
}

async function confirm(
  context: AppLoadContext,
  request: Request,
  person: AdminUser,
  form: FormData,
) {
  const toast = failure("Two-Factor Not Turned On");
  const parsed = parseForm(twoFactorConfirmSchema, form);
  if (!parsed.ok) return invalidForm("confirm", parsed.errors, toast);
  try {
    const { recoveryCodes, headers } = await confirmTwoFactor(
      context,
      request,
      person,
      parsed.data.code,
    );
    const done: ToastMessage = { kind: "success", title: "Two-Factor Sign-In On" };
    return data(ok("confirm", done, { recoveryCodes }), { headers });
  } catch (error) {
    return refused("confirm", error, toast);
  }
}

async function disable(
  context: AppLoadContext,
  request: Request,
  person: AdminUser,
  form: FormData,
) {
  const toast = failure("Two-Factor Not Turned Off");
  const parsed = parseForm(twoFactorPasswordSchema, form);
  if (!parsed.ok) return invalidForm("disable", parsed.errors, toast);
  try {
    const { headers } = await disableTwoFactor(context, request, person, parsed.data.password);
    return data(ok("disable", { kind: "success", title: "Two-Factor Sign-In Off" }), { headers });
  } catch (error) {
    return refused("disable", error, toast);
  }
}

/** The base32 secret from the otpauth:// address, and the address drawn as an SVG data URL. */
async function setupOf(totpURI: string): Promise<TwoFactorSetup> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, qrCode: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}` };
}
