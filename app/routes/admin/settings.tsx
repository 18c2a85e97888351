// /admin/settings (spec 2.15 Settings; amendment 2.9): the account (email and
// password change), the payment provider's connection (live, from the
// configuration), the booking and notification settings, and 'Save All
// Settings', which saves them for the booking engine to enforce.
import { CircleCheck, FlaskConical, Save } from "lucide-react";
import { data, Link } from "react-router";
import { AbnNotice } from "#app/components/admin/abn-notice.tsx";
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { SwitchField } from "#app/components/admin/catalogue/switch-field.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { DepositCard } from "#app/components/admin/settings/deposit-card.tsx";
import { QuestionsCard } from "#app/components/admin/settings/questions-card.tsx";
import { RadioChoices } from "#app/components/admin/settings/radio-choices.tsx";
import { wholeNumberSetting } from "#app/components/admin/settings/whole-number-setting.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge, Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  failed,
  invalidForm,
  ok,
  passRetryAfter,
  retryAfter,
  unknownIntent,
} from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { siteConfig } from "#content/site.ts";
import { centsToAmount } from "#domain/format/money.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  bookingSettingsFormSchema,
  MAX_CHANGEOVER_NIGHTS,
  MIN_PASSWORD_LENGTH,
  passwordChangeSchema,
  type Settings,
} from "#domain/forms/settings.ts";
import { env, publicUrl } from "#server/config.ts";
import { callAuth } from "#server/services/account-auth.ts";
import { recordAudit } from "#server/services/audit-log.ts";
import { paymentProviderConnection } from "#server/services/payment-reports.ts";
import { getSettings } from "#server/services/settings.ts";
import { saveAllSettings } from "#server/services/settings-admin.ts";
import type { Route } from "./+types/settings";

// A password change refused for too many attempts says when to try again.
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Settings") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireOwnerScreen(request, context);
  const e = env();
  return {
    email: admin.email,
    settings: await getSettings(context.db),
    connection: paymentProviderConnection(e.STRIPE_SECRET_KEY),
    webhookUrl: `${publicUrl(e)}/api/webhooks/stripe`,
    notificationEmail: siteConfig().notificationEmail,
    noAbn: !siteConfig().business.abn,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");

  if (intent === "save-settings") {
    const parsed = parseForm(bookingSettingsFormSchema, form);
    if (!parsed.ok) {
      return invalidForm(intent, parsed.errors, (description) => ({
        kind: "error",
        title: "Failed to save settings",
        description,
      }));
    }
    await saveAllSettings(context.db, admin, parsed.data);
    return ok(intent, { kind: "success", title: "Settings saved" });
  }

  if (intent === "change-password") {
    const parsed = parseForm(passwordChangeSchema, form);
    const failure = (description?: string) => ({
      kind: "error" as const,
      title: "Failed to change password",
      description,
    });
    if (!parsed.ok) return invalidForm(intent, parsed.errors, failure);
    const result = await callAuth(
      context.auth,
      request,
      "/change-password",
      {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      },
      context.clientAddress,
    );
    if (!result.ok && result.status === 429) {
      const headers = retryAfter(result.retryAfterSeconds);
      return failed(intent, failure(result.message), { status: 429, headers });
    }
    if (!result.ok) {
      const wrongPassword = /invalid password/i.test(result.message);
      const message = wrongPassword ? "Your current password is not correct" : result.message;
      return invalidForm(
        intent,
        wrongPassword ? { currentPassword: message } : {},
        failure(message),
      );
    }
    await recordAudit(context.db, admin, "account.password_changed", {
      type: "user",
      id: admin.id,
    });
    // The other sessions were signed out; this one continues with the new cookie.
    return data(
      ok(intent, {
        kind: "success",
        title: "Password changed",
        description: "Other devices have been signed out.",
      }),
      { headers: result.headers },
    );
  }
  return unknownIntent(intent);
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { email, settings, connection, webhookUrl, notificationEmail, noAbn } = loaderData;
  const booking = useCheckedForm(bookingSettingsFormSchema);
  const password = useCheckedForm(passwordChangeSchema, () => password.formRef.current?.reset());
  const wholeNumber = wholeNumberSetting(settings, booking.errors);

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ScreenHeader
        title="Settings"
        description="Your account, the payment provider, and how bookings work."
      />
      {noAbn ? <AbnNotice /> : null}

      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p>
            <span className="font-medium">Email:</span> {email}
          </p>
          <password.fetcher.Form
            ref={password.formRef}
            method="post"
            noValidate
            onSubmit={password.onSubmit}
            className="grid gap-4 sm:grid-cols-3"
            aria-label="Change password"
          >
            <input type="hidden" name="intent" value="change-password" />
            <input
              type="text"
              name="username"
              autoComplete="username"
              defaultValue={email}
              hidden
              readOnly
            />
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={password.errors.currentPassword}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              error={password.errors.newPassword}
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={password.errors.confirmPassword}
            />
            <div className="flex flex-wrap items-center gap-4 sm:col-span-3">
              <Button type="submit" variant="outline" disabled={password.busy}>
                {password.busy ? "Changing…" : "Change Password"}
              </Button>
              <Link
                to="/forgot-password"
                className="text-sm font-medium text-paddock-700 underline underline-offset-4"
              >
                Forgot it? Reset the password by email
              </Link>
            </div>
          </password.fetcher.Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payment provider</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          {connection.provider === "stripe" ? (
            <>
              <p className="flex items-center gap-2">
                <CircleCheck className="size-5 text-green-800" aria-hidden />
                <span className="font-medium">Connected to Stripe</span>
                <Badge tone={connection.mode === "live" ? "green" : "amber"}>
                  {connection.mode === "live" ? "Live mode" : "Test mode"}
                </Badge>
              </p>
              <p className="text-sm text-stone-700">
                {connection.mode === "live"
                  ? "Card payments are real and paid into the farm's Stripe account."
                  : "Stripe test keys are set: no real money moves. Use Stripe's test cards."}{" "}
                Stripe sends payment results to <code className="break-all">{webhookUrl}</code>.
              </p>
            </>
          ) : (
            <>
              <p className="flex items-center gap-2">
                <FlaskConical className="size-5 text-amber-800" aria-hidden />
                <span className="font-medium">Built-in test checkout</span>
                <Badge tone="amber">Not connected</Badge>
              </p>
              <p className="text-sm text-stone-700">
                No card payment provider is connected, so campers pay on a test page and no money
                moves. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server to take real
                card payments.
              </p>
            </>
          )}
        </CardContent>
      </Card>

      <booking.fetcher.Form
        ref={booking.formRef}
        method="post"
        noValidate
        onSubmit={booking.onSubmit}
        className="flex flex-col gap-6"
      >
        <input type="hidden" name="intent" value="save-settings" />
        <Card>
          <CardHeader>
            <CardTitle>Booking settings</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <TextField
                label="Default nightly rate ($)"
                name="defaultNightlyRate"
                inputMode="decimal"
                defaultValue={centsToAmount(settings.defaultNightlyRateCents)}
                hint="The price a new campsite starts with."
                error={booking.errors.defaultNightlyRate}
              />
              <TextField
                label="Minimum night stay"
                {...wholeNumber("minimumNightStay", 1, 365)}
                hint="Nights; shorter stays are refused."
              />
              <TextField
                label="Maximum night stay"
                {...wholeNumber("maximumNightStay", 1, 365)}
                hint="Nights; longer stays are taken by phone."
              />
              <TextField
                label="Maximum advance booking"
                {...wholeNumber("maxAdvanceBooking", 1, 1095)}
                hint="Days ahead campers may book."
              />
            </div>
            <p className="text-sm text-stone-700">
              These apply to new bookings at once. Every booking is confirmed when the camper pays;
              cancel one from Bookings with a full refund if you cannot take it.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Holds per visitor at once"
                {...wholeNumber("maxLiveHoldsPerClient", 1, 50)}
                hint="Unpaid bookings one visitor may hold while paying; more are refused until one ends."
              />
              <TextField
                label="Holds per visitor per hour"
                {...wholeNumber("holdsPerClientPerHour", 1, 500)}
                hint="Bookings one visitor may start in an hour, so nobody keeps sites held by starting over."
              />
              <TextField
                label="Held nights per visitor"
                {...wholeNumber("maxHeldNightsPerClient", 1, 1000)}
                hint="Nights of sites one visitor may hold unpaid at once, all holds together."
              />
              <TextField
                label="Wrong codes an hour, all visitors"
                {...wholeNumber("wrongCodesPerHour", 10, 100_000)}
                hint="Unknown discount codes and card numbers tried by everyone together; past it, codes are checked again after the hour."
              />
            </div>
            <TextField
              label="Auto-block after booking"
              {...wholeNumber("autoBlockAfterBooking", 0, MAX_CHANGEOVER_NIGHTS)}
              hint="Nights each site stays empty after a stay, for changeover; 0 for none. Applies to new bookings."
            />
          </CardContent>
        </Card>
        <CancellationPolicyCard settings={settings} errors={booking.errors} />
        <DepositCard settings={settings} errors={booking.errors} />
        <QuestionsCard questions={settings.bookingQuestions} errors={booking.errors} />
        <Card>
          <CardHeader>
            <CardTitle>Notification settings</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <SwitchField
              label="Booking notification emails"
              name="notificationEmails"
              defaultChecked={settings.notificationEmails}
              hint={`Email each new booking, and each change or cancellation a camper makes on their booking page, to ${notificationEmail}.`}
            />
            <SwitchField
              label="Booking reminders"
              name="bookingReminders"
              defaultChecked={settings.bookingReminders}
              hint="Email each paid camper a reminder 2 days before check-in."
            />
          </CardContent>
        </Card>
        <div>
          <Button type="submit" size="lg" disabled={booking.busy}>
            <Save aria-hidden />
            {booking.busy ? "Saving…" : "Save All Settings"}
          </Button>
        </div>
      </booking.fetcher.Form>
    </div>
  );
}

/**
 * The policy a camper's own cancellation applies (decision 0015): full refund
 * with enough notice, an optional share after that, or no refunds at all.
 */
function CancellationPolicyCard({
  settings,
  errors,
}: {
  settings: Settings;
  errors: Record<string, string | undefined>;
}) {
  const choices = [
    { value: "by-notice", label: "Refund by notice", hint: "A full refund with enough notice." },
    { value: "none", label: "No refunds", hint: "Campers may cancel, but nothing is paid back." },
  ] as const;
  const wholeNumber = wholeNumberSetting(settings, errors);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cancellation policy</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          Campers can cancel a paid booking on their own booking page until the day they arrive. The
          refund follows this policy by itself, and the page states it in plain words.
        </p>
        <RadioChoices
          legend="Refunds when a camper cancels"
          name="cancellationRefunds"
          choices={choices}
          checked={settings.cancellationRefunds}
          error={errors.cancellationRefunds}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Days before arrival for a full refund"
            {...wholeNumber("fullRefundDaysBeforeArrival", 1, 365)}
            hint="Cancelled at least this many days before arrival: everything is refunded."
          />
          <TextField
            label="Refund after that (%)"
            {...wholeNumber("lateCancellationRefundPercent", 0, 100)}
            hint="Share refunded when cancelled later, before arrival. 0 for none."
          />
        </div>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load settings"
      description="Please reload the page to try again."
      reloadHref="/admin/settings"
    />
  );
}
