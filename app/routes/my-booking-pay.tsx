// /my-booking/:token/pay: where a guest pays a booking the farm took by
// phone and holds for them (issue 28, a payment link). The stay, the price,
// the time it is held until, and one button to the card payment page. Any
// other token is the site's 404 page.
import { data, redirect } from "react-router";
import { PolicyAcceptance } from "#app/components/booking/policy-acceptance.tsx";
import { summaryRows } from "#app/components/booking/price-summary.tsx";
import { Section } from "#app/components/my-booking/booking-sections.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { Button } from "#app/components/ui/button.tsx";
import { refused } from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatDay, formatFarmDateTime } from "#domain/format/dates.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { LINK_LAPSED, payByLink, paymentLinkView } from "#server/bookings/index.ts";
import { AppError } from "#server/errors.ts";
import type { Route } from "./+types/my-booking-pay";

// One button that posts a form: no React Router scripts (decision 0022).
export const handle = islandsPage;

const notFoundPage = () => data(null, { status: 404, headers: { "Cache-Control": "no-store" } });

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await paymentLinkView(context.db, params.token);
  if (!view) throw notFoundPage();
  if (view.state === "paid") throw redirect(view.bookingPath);
  return { view, lapsed: LINK_LAPSED };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") !== "pay") throw data("Use the page's Pay button.", { status: 400 });
  // The policy and Terms as the page showed them, when the box was ticked.
  const accepted =
    form.get("acceptPolicy") === "on"
      ? {
          policy: String(form.get("policy") ?? ""),
          termsVersion: String(form.get("termsVersion") ?? ""),
        }
      : undefined;
  try {
    const { url } = await payByLink(context.db, params.token, context.clientAddress, { accepted });
    return redirect(url);
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found") throw notFoundPage();
    return refused("pay", error, (message) => ({
      kind: "error",
      title: "Payment",
      description: message,
    }));
  }
}

// The address is a secret: the booking page's own headers (no store, no index).
export { headers } from "./my-booking";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const what = loaderData ? `Pay for booking ${loaderData.view.reference}` : "Pay for your booking";
  return [
    { title: `${what} | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export default function PayForBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { view, lapsed } = loaderData;
  const refusal = actionData?.toast?.description;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 sm:py-16">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-paddock-900 sm:text-4xl">Pay for your booking</h1>
        <p className="text-lg text-stone-800">
          Booking reference <strong>{view.reference}</strong>
        </p>
      </header>
      <Section id="stay-heading" title="Your stay">
        <p className="text-stone-800">
          {view.campsite}: {formatDay(view.checkIn)} to {formatDay(view.checkOut)}, {view.nights}{" "}
          night{view.nights === 1 ? "" : "s"}, {view.guests} guest{view.guests === 1 ? "" : "s"}
          {view.dogs > 0 ? `, ${view.dogs} dog${view.dogs === 1 ? "" : "s"}` : ""}.
        </p>
        <dl className="mt-3 flex flex-col gap-1">
          {summaryRows(view).map(([label, value], i) => (
            <div key={i} className="flex justify-between gap-4 text-stone-800">
              <dt>{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
          {view.paidCents > 0 ? (
            <>
              <div className="flex justify-between gap-4 border-t border-stone-200 pt-1">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(view.totalCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-stone-800">
                <dt>Paid so far</dt>
                <dd className="tabular-nums">−{formatMoney(view.paidCents)}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-stone-200 pt-1 font-semibold">
            <dt>To pay</dt>
            <dd className="tabular-nums">{formatMoney(view.amountCents)}</dd>
          </div>
        </dl>
      </Section>
      {view.state === "due" ? (
        <Section id="pay-heading" title="Payment">
          <p className="text-stone-800">
            {view.payBy ? (
              <>
                We are holding the site for you until{" "}
                <strong>{formatFarmDateTime(view.payBy)}</strong>.
              </>
            ) : view.cardChargedOn ? (
              `This is what is left to pay for your booking. If you do not pay it here, it is charged to your card on ${formatLongDay(view.cardChargedOn)}.`
            ) : (
              "This is what is left to pay for your booking. You can also pay it when you arrive."
            )}
          </p>
          {refusal ? (
            <p role="alert" className="mt-3 text-red-800">
              {refusal}
            </p>
          ) : null}
          <form method="post" className="mt-4 flex flex-col gap-4">
            <input type="hidden" name="intent" value="pay" />
            {view.toAccept ? (
              // A first payment accepts the stay's cancellation policy and the Terms (issue 29).
              <PolicyAcceptance
                policy={view.toAccept.policy}
                box={{ name: "acceptPolicy", required: true }}
              >
                <input type="hidden" name="policy" value={view.toAccept.policy} />
                <input type="hidden" name="termsVersion" value={view.toAccept.termsVersion} />
              </PolicyAcceptance>
            ) : null}
            <Button type="submit" size="lg" className="self-start">
              Pay {formatMoney(view.amountCents)} by card
            </Button>
          </form>
        </Section>
      ) : (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-stone-900"
        >
          {lapsed}
        </p>
      )}
    </div>
  );
}
