// /booking-success?session_id= (spec 2.13): where the card payment page sends
// the camper back. It asks the server to verify the payment (the same path as
// the provider's webhook, so the booking is settled either way) and shows
// 'Verifying Your Payment', then 'Booking Confirmed!' or a way forward. Its
// words promise an email only when the server has a mail transport to send it.
import { CircleAlert, CircleCheck, Clock, LoaderCircle, Undo2 } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { ApiError, bookingApi, type VerifiedPayment } from "#app/lib/booking-api.ts";
import { forgetHeldBooking } from "#app/lib/booking-session.ts";
import { useSite } from "#app/root.tsx";
import { formatDay } from "#domain/format/dates.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { env } from "#server/config.ts";
import type { Route } from "./+types/booking-success";

/** A payment still being processed is asked about again, this often, this many times. */
const PENDING_RETRY_MS = 2000;
const PENDING_RETRIES = 10;

type View =
  | { kind: "verifying" }
  | { kind: "confirmed"; result: VerifiedPayment }
  | { kind: "pending"; result: VerifiedPayment }
  | { kind: "refunded"; result: VerifiedPayment }
  | { kind: "not-paid"; result: VerifiedPayment }
  | { kind: "error" };

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [
    { title: `Booking Confirmation | ${site.farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * Whether the confirmation email leaves the outbox: only with a mail server
 * (SMTP_URL). Without one it waits there for the farm to read, and the page
 * must not tell the camper it is on its way.
 */
export function loader() {
  return { emailsSent: Boolean(env().SMTP_URL) };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

const VERIFICATION_ERROR = "Could not verify your payment. Please contact support.";

export default function BookingSuccess({ loaderData }: Route.ComponentProps) {
  const { emailsSent } = loaderData;
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session_id")?.trim() ?? "";
  const [view, setView] = useState<View>({ kind: "verifying" });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const verify = useCallback(
    async (signal: { cancelled: boolean }) => {
      setView({ kind: "verifying" });
      if (!sessionId) {
        toast.error("Verification Error", { description: VERIFICATION_ERROR });
        setView({ kind: "error" });
        return;
      }
      for (let attempt = 0; ; attempt++) {
        let result: VerifiedPayment;
        try {
          result = await bookingApi.verifyPayment(sessionId);
        } catch (error) {
          if (signal.cancelled) return;
          if (!(error instanceof ApiError)) console.warn("payment verification failed", error);
          toast.error("Verification Error", { description: VERIFICATION_ERROR });
          setView({ kind: "error" });
          return;
        }
        if (signal.cancelled) return;
        if (result.status === "paid" || result.status === "confirmed") {
          forgetHeldBooking();
          // 'confirmed' took no card payment (nothing was left to pay), or a deposit's.
          const cardPaid = result.status === "paid" || result.booking.paymentPlan !== null;
          toast.success(cardPaid ? "Payment Successful" : "Booking Confirmed", {
            description: emailsSent
              ? "Your booking is confirmed. A confirmation email is on its way."
              : "Your booking is confirmed.",
          });
          setView({ kind: "confirmed", result });
          return;
        }
        if (result.status === "refunded") {
          forgetHeldBooking();
          setView({ kind: "refunded", result });
          return;
        }
        if (result.status === "pending" && attempt < PENDING_RETRIES) {
          await new Promise((r) => setTimeout(r, PENDING_RETRY_MS));
          if (signal.cancelled) return;
          continue;
        }
        if (result.status === "pending") {
          setView({ kind: "pending", result });
          return;
        }
        toast.error("Verification Error", { description: VERIFICATION_ERROR });
        setView({ kind: "not-paid", result });
        return;
      }
    },
    [sessionId, emailsSent],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void verify(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [verify]);

  // The result replaces the 'Verifying' heading: take focus to it so it is read out.
  useEffect(() => {
    if (view.kind !== "verifying") headingRef.current?.focus();
  }, [view.kind]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center sm:py-20">
      {view.kind === "verifying" ? (
        <div role="status" className="flex flex-col items-center gap-4">
          <LoaderCircle aria-hidden="true" className="size-12 animate-spin text-paddock-700" />
          <h1 className="text-2xl font-bold sm:text-3xl">Verifying Your Payment</h1>
          <p className="text-stone-700">Please wait while we confirm your payment…</p>
          <noscript>
            <p className="text-stone-700">
              This page needs JavaScript to check your payment.{" "}
              {emailsSent
                ? "Your confirmation email will tell you as soon as the booking is confirmed."
                : "Please contact us to confirm your booking."}
            </p>
          </noscript>
        </div>
      ) : view.kind === "confirmed" ? (
        <Confirmed
          headingRef={headingRef}
          result={view.result}
          sessionId={sessionId}
          emailsSent={emailsSent}
        />
      ) : (
        <NotConfirmed
          headingRef={headingRef}
          view={view}
          sessionId={sessionId}
          emailsSent={emailsSent}
          onRetry={() => void verify({ cancelled: false })}
        />
      )}
    </div>
  );
}

function Actions() {
  return (
    <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
      <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
        Back to Home
      </Link>
      <Link to="/bookings" className={buttonVariants({ size: "lg" })}>
        Book Another Site
      </Link>
    </div>
  );
}

function SessionId({ sessionId }: { sessionId: string }) {
  if (!sessionId) return null;
  return (
    <p className="mt-6 text-sm text-stone-700">
      Session ID: <code className="break-all rounded bg-stone-100 px-1.5 py-0.5">{sessionId}</code>
    </p>
  );
}

function BookingDetails({ booking }: { booking: NonNullable<VerifiedPayment["booking"]> }) {
  const rows: [string, string][] = [
    ["Booking reference", booking.bookingReference],
    ["Campsite", booking.campsiteName],
    ["Check-in", formatDay(booking.checkIn)],
    ["Check-out", formatDay(booking.checkOut)],
    ["Nights", String(booking.nights)],
    ["Guests", String(booking.guests)],
    ...paidRows(booking),
  ];
  return (
    <dl className="mt-6 w-full divide-y divide-stone-200 rounded-lg border border-stone-200 text-left text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-2.5">
          <dt className="text-stone-700">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What was paid, and for a deposit the balance and the day it is charged. */
function paidRows(booking: VerifiedPayment["booking"]): [string, string][] {
  const plan = booking.paymentPlan;
  if (!plan) return [["Amount paid", formatMoney(booking.finalAmountCents)]];
  return [
    ["Total for the stay", formatMoney(booking.finalAmountCents)],
    ["Deposit paid today", formatMoney(plan.todayCents)],
    [
      "Balance",
      `${formatMoney(plan.balanceCents)}, charged to your card on ${formatLongDay(plan.balanceDueOn)}`,
    ],
  ];
}

/** The camper's own booking page: its address is their secret, so the page says to keep it. */
function ManageLink({ href }: { href: string }) {
  return (
    <div className="mt-6 flex w-full flex-col items-center gap-2">
      {/* A page of its own (islands, no client router, decision 0022): loaded as a document,
          so the copy it saves for offline use is the page it shows. */}
      <Link to={href} reloadDocument className={buttonVariants({ variant: "outline", size: "lg" })}>
        Manage your booking
      </Link>
      <p className="text-sm text-stone-700">
        Your booking, its invoice and the cancellation policy, at a private link: bookmark it and
        keep it to yourself.
      </p>
    </div>
  );
}

function Confirmed({
  headingRef,
  result,
  sessionId,
  emailsSent,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  result: VerifiedPayment;
  sessionId: string;
  emailsSent: boolean;
}) {
  return (
    <>
      <CircleCheck aria-hidden="true" className="size-14 text-paddock-700" />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-bold focus:outline-none">
        Booking Confirmed!
      </h1>
      <p className="mt-4 text-stone-700">
        Thank you for booking with us.{" "}
        {emailsSent
          ? "A confirmation email with your booking details and a calendar invitation is on its way to you."
          : "Your booking details are below: please keep a note of your booking reference."}
      </p>
      {result.booking ? <BookingDetails booking={result.booking} /> : null}
      {result.manageBookingPath ? <ManageLink href={result.manageBookingPath} /> : null}
      <section aria-labelledby="next-steps" className="mt-6 w-full text-left">
        <h2 id="next-steps" className="text-lg font-semibold">
          What happens next
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
          {emailsSent ? (
            <li>Check your inbox (and spam folder) for your confirmation email.</li>
          ) : null}
          <li>Check-in is from 12 to 5pm and check-out is by 10am. All arrivals by 6:00pm.</li>
          <li>Bring your own drinking water and toilet; there are no showers or toilets.</li>
          <li>Keep your booking reference handy in case you need to contact us.</li>
        </ul>
      </section>
      <SessionId sessionId={sessionId} />
      <Actions />
    </>
  );
}

function NotConfirmed({
  headingRef,
  view,
  sessionId,
  emailsSent,
  onRetry,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  view: Exclude<View, { kind: "verifying" } | { kind: "confirmed" }>;
  sessionId: string;
  emailsSent: boolean;
  onRetry: () => void;
}) {
  const site = useSite();
  const content = {
    pending: {
      Icon: Clock,
      title: "Payment Processing",
      text: emailsSent
        ? "Your payment is still being processed. We will email you as soon as your booking is confirmed."
        : "Your payment is still being processed. Please check again in a few minutes.",
    },
    refunded: {
      Icon: Undo2,
      title: "Payment Refunded",
      text: `Your payment arrived after your hold on the site had ended and the site was booked in the meantime, so we refunded your payment in full.${emailsSent ? " We have emailed you the details." : ""}`,
    },
    "not-paid": {
      Icon: CircleAlert,
      title: "Payment Not Completed",
      text: "Your payment was not completed, so no booking was made. You can start a new booking.",
    },
    error: {
      Icon: CircleAlert,
      title: "We Could Not Verify Your Payment",
      text: VERIFICATION_ERROR,
    },
  }[view.kind];
  const { Icon } = content;
  return (
    <>
      <Icon aria-hidden="true" className="size-14 text-earth-700" />
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-bold focus:outline-none">
        {content.title}
      </h1>
      <p className="mt-4 text-stone-700">{content.text}</p>
      {"result" in view && view.result.booking ? (
        <p className="mt-2 text-stone-700">
          Booking reference: {view.result.booking.bookingReference}
        </p>
      ) : null}
      <p className="mt-4 text-stone-700">
        Questions? Call us on{" "}
        <a href={`tel:${site.phoneE164}`} className="font-semibold text-paddock-800 underline">
          {site.phone}
        </a>{" "}
        or email{" "}
        <a href={`mailto:${site.email}`} className="font-semibold text-paddock-800 underline">
          {site.email}
        </a>
        .
      </p>
      <SessionId sessionId={sessionId} />
      {view.kind === "error" || view.kind === "pending" ? (
        <Button type="button" variant="outline" className="mt-6" onClick={onRetry}>
          Check Again
        </Button>
      ) : null}
      <Actions />
    </>
  );
}
