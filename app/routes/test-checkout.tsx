// /test-checkout/:sessionId: the built-in test checkout, used when no card
// payment provider key is configured (amendment 4). It is clearly marked as
// a test; "Pay" and "Cancel" go through the same code path as the card
// provider's webhook (checkout.session.completed / .expired).
import { FlaskConical } from "lucide-react";
import { Fragment } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { Button } from "#app/components/ui/button.tsx";
import { readForm } from "#app/routes/form-body.server.ts";
import { formatMoney } from "#domain/format/money.ts";
import { AppError } from "#server/errors.ts";
import { STATUS_OF } from "#server/http/errors.ts";
import { TEST_KEPT_CARDS, type TestKeptCard } from "#server/payments/test-kept-cards.ts";
import {
  completeTestCheckout,
  TEST_SESSION_NOT_FOUND,
  testCheckoutSession,
} from "#server/services/payments/test-checkout-session.ts";
import type { Route } from "./+types/test-checkout";

// Two buttons that post a form: no React Router scripts (decision 0022).
export const handle = islandsPage;

export function meta() {
  return [{ title: "Test checkout (no real payment)" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await testCheckoutSession(context.db, params.sessionId);
  if (!session) throw data(TEST_SESSION_NOT_FOUND, { status: 404 });
  return { session };
}

/** The page's answer to a post that is neither of its buttons: nothing is paid or left. */
const NOT_A_BUTTON = "Choose Pay or Cancel payment on this page.";

export async function action({ request, params, context }: Route.ActionArgs) {
  const sessionId = params.sessionId;
  const session = await testCheckoutSession(context.db, sessionId);
  if (!session) throw data(TEST_SESSION_NOT_FOUND, { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "pay" && intent !== "cancel") throw data(NOT_A_BUTTON, { status: 400 });
  try {
    if (intent === "pay") {
      const card = form.get("keptCard");
      const keptCard = card === "declined" ? "declined" : session.keepCard ? "pays" : undefined;
      await completeTestCheckout(context.db, sessionId, { keptCard });
      return redirect(session.successUrl);
    }
    // As on the provider's page, cancelling goes back to the booking and leaves the
    // session open: the hold lasts until it expires, and Pay answers the same page.
    return redirect(session.cancelUrl);
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: STATUS_OF[error.refusal] });
    throw error;
  }
}

export default function TestCheckout({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main className="min-h-screen bg-stone-100 px-4 py-10">
      <div className="mx-auto max-w-md space-y-6">
        <div
          role="note"
          className="flex gap-3 rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-amber-950"
        >
          <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-bold">Test checkout: no real payment</p>
            <p className="text-sm">
              Card payments are not set up on this site, so this page stands in for the card payment
              page. No card is charged and no money moves.
            </p>
          </div>
        </div>

        <section
          aria-labelledby="checkout-heading"
          className="space-y-4 rounded-lg bg-white p-6 shadow-sm"
        >
          <h1 id="checkout-heading" className="text-xl font-bold text-stone-900">
            {session.title}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-700">
            {session.details.map(([label, value]) => (
              <Fragment key={label}>
                <dt className="font-semibold">{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <p className="text-lg font-bold text-stone-900">
            Amount due: {formatMoney(session.amountCents)} {session.currency}
          </p>

          {session.open ? (
            <Form method="post" className="flex flex-col gap-3">
              {session.keepCard ? <KeepCard consent={session.keepCard} /> : null}
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button type="submit" name="intent" value="pay" disabled={busy} className="flex-1">
                  Pay {formatMoney(session.amountCents)} (test)
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="cancel"
                  variant="outline"
                  disabled={busy}
                  className="flex-1"
                >
                  Cancel payment
                </Button>
              </div>
            </Form>
          ) : (
            <div role="status" className="space-y-3">
              <p className="text-sm text-stone-700">
                {session.paymentStatus === "succeeded" || session.paymentStatus === "refunded"
                  ? "This test payment has already been made."
                  : "This test checkout session has ended and can no longer be paid."}
              </p>
              <Button asChild variant="outline">
                <Link to={session.successUrl}>See the result</Link>
              </Button>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

/** A deposit's session: the consent to keep the card, and which test card is kept. */
function KeepCard({ consent }: { consent: string }) {
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-stone-200 p-3 text-sm">
      <legend className="px-1 font-semibold text-stone-900">Card kept for the balance</legend>
      <p className="text-stone-700">{consent}</p>
      {(Object.keys(TEST_KEPT_CARDS) as TestKeptCard[]).map((card) => (
        <label key={card} className="flex items-start gap-2">
          <input
            type="radio"
            name="keptCard"
            value={card}
            defaultChecked={card === "pays"}
            className="mt-0.5 size-4 shrink-0"
          />
          <span>{TEST_KEPT_CARDS[card].label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === "object" && "data" in error && typeof error.data === "string"
      ? error.data
      : "Something went wrong with this test checkout.";
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-xl font-bold text-stone-900">Test checkout</h1>
      <p className="mt-2 text-stone-700">{message}</p>
      <Link to="/bookings" className="mt-4 inline-block text-paddock-700 underline">
        Back to campsites
      </Link>
    </main>
  );
}
