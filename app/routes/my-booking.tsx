// /my-booking/:token: the camper's own booking page (decision 0015), at the
// booking's secret token, inside the public layout. The stay, what was paid,
// the cancellation policy in words and, while the stay is paid or confirmed
// and has not started, 'Cancel booking'. A wrong, malformed or unknown token
// and a booking never paid are all the site's 404 page, for the page and its
// cancel action alike, so no answer tells that a booking exists.

import { data, redirect, useActionData } from "react-router";
import {
  BringSection,
  FindUsSection,
  linkClass,
  PaidSection,
  Section,
  StaySection,
} from "#app/components/my-booking/booking-sections.tsx";
import CancelBooking from "#app/components/my-booking/cancel-booking.tsx";
import ChangeStay, {
  CHANGE_FIELDS,
  CHANGE_INTENTS,
} from "#app/components/my-booking/change-stay.tsx";
import SavedCopyNote from "#app/components/my-booking/offline-copy.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { Island } from "#app/islands/island.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { useSite } from "#app/root.tsx";
import {
  invalidForm,
  ok,
  refused,
  sentValues,
  unknownIntent,
} from "#app/routes/action-answer.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { myBookingPage as words } from "#content/my-booking.ts";
import type { GuestBookingView, StayChangePreview } from "#domain/api/my-booking.ts";
import { formatDay } from "#domain/format/dates.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { stayChangeSchema } from "#domain/forms/stay-change.ts";
import {
  cancelOwnBooking,
  changeOwnStay,
  changePaymentOutcome,
  guestBookingByToken,
  previewStayChange,
} from "#server/bookings/index.ts";
import { AppError } from "#server/errors.ts";
import { bookingIdAt } from "#server/services/booking-page.ts";
import { whatToBring } from "#server/services/faq.ts";
import type { Route } from "./+types/my-booking";

// Its forms post as the browser does: no React Router scripts (decision 0022).
export const handle = islandsPage;

/**
 * The same answer as routes/not-found.tsx (the public layout shows its 404
 * page), kept out of caches as the page is: its address may be a secret.
 */
const notFoundPage = () => data(null, { status: 404, headers: { "Cache-Control": "no-store" } });

/** What a form that worked did: the action redirects here with it, so a reload posts nothing. */
const DONE = { cancelled: "cancelled", changed: "changed" } as const;
/** The page's own address, without the provider's session id: where its forms post. */
const pageOf = (token: string) => `/my-booking/${token}`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  // Back from paying for a change: apply what the provider says before showing the stay.
  const sessionId = search.get("session_id");
  const paidChange = sessionId
    ? await changePaymentOutcome(context.db, params.token, sessionId)
    : undefined;
  const [booking, bring] = await Promise.all([
    guestBookingByToken(context.db, params.token),
    whatToBring(context.db),
  ]);
  if (!booking) throw notFoundPage();
  const changeOutcome = paidChange ?? (justChanged(search, booking) ? "changedNow" : undefined);
  return {
    booking,
    whatToBring: bring,
    changeNote: changeOutcome ? words.changeNotes[changeOutcome] : null,
    cancelledNow: search.get("done") === DONE.cancelled && booking.status === "cancelled",
    renderedAt: new Date().toISOString(),
    path: pageOf(params.token),
  };
}

/**
 * Back from a change made here: the address names the version the change made,
 * so an old, copied or made-up `?done=changed` says nothing.
 */
function justChanged(search: URLSearchParams, booking: GuestBookingView) {
  return (
    search.get("done") === DONE.changed &&
    booking.version > 0 &&
    search.get("version") === String(booking.version)
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent"));
  try {
    if (intent === "change-preview" || intent === "change-confirm")
      return await changeAction(intent, form, params.token, context);
    if (intent !== "cancel")
      return await unlessNoPage(context.db, params.token, unknownIntent(intent));
    await cancelOwnBooking(context.db, params.token, context.clientAddress);
    return redirect(`${pageOf(params.token)}?done=${DONE.cancelled}`);
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found") throw notFoundPage();
    const changing = intent !== "cancel";
    const answer = refused(intent, error, (message) => ({
      kind: "error",
      title: changing ? words.changeFailed : words.cancelFailed,
      description: message,
    }));
    // The page comes back with the form as it was sent.
    if (changing) answer.data.values = sentValues(form, CHANGE_FIELDS);
    return answer;
  }
}

/**
 * A refused form, or the 404 page when the token has none: every answer at a
 * token without a page is that page. (The services' own refusals check the
 * token after counting the attempt against their rate limits.)
 */
async function unlessNoPage<T>(
  db: Route.ActionArgs["context"]["db"],
  token: string,
  answer: T,
): Promise<T> {
  if (!(await bookingIdAt(db, token))) throw notFoundPage();
  return answer;
}

/** Prices the change the camper asks for, or makes it (sending a dearer one to pay first). */
async function changeAction(
  intent: "change-preview" | "change-confirm",
  form: FormData,
  token: string,
  context: Route.ActionArgs["context"],
) {
  const parsed = parseForm(stayChangeSchema, form);
  if (!parsed.ok)
    return unlessNoPage(
      context.db,
      token,
      invalidForm(intent, parsed.errors, undefined, sentValues(form, CHANGE_FIELDS)),
    );
  if (intent === "change-preview")
    return ok(intent, undefined, await previewStayChange(context.db, token, parsed.data));
  const result = await changeOwnStay(context.db, token, parsed.data, context.clientAddress);
  if (result.kind === "pay") return redirect(result.url);
  return redirect(`${pageOf(token)}?done=${DONE.changed}&version=${result.version}`);
}

// The address is a secret: kept out of caches and search engines. A refused
// cancel keeps its own headers (Retry-After when rate limited).
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex");
  return headers;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const what = loaderData ? `Booking ${loaderData.booking.reference}` : words.title;
  return [
    { title: `${what} | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export default function MyBooking({ loaderData }: Route.ComponentProps) {
  const { booking, changeNote, cancelledNow, renderedAt, path, whatToBring: bring } = loaderData;
  const answer = useActionData<typeof action>() as ActionAnswer<StayChangePreview> | undefined;
  const changeAnswer =
    answer?.intent && CHANGE_INTENTS.includes(answer.intent) ? answer : undefined;
  const cancelRefusal =
    answer?.intent === "cancel" && !answer.ok
      ? (answer.toast?.description ?? answer.toast?.title)
      : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-10 sm:py-16">
      <Header booking={booking} changeNote={changeNote} cancelledNow={cancelledNow} />
      <Island name="saved-copy" component={SavedCopyNote} props={{ renderedAt }} />
      <StaySection booking={booking} />
      {booking.change ? (
        <Section id="change-heading" title={words.changeHeading}>
          <Island
            name="change-stay"
            component={ChangeStay}
            props={{
              action: path,
              stay: { checkIn: booking.checkIn, checkOut: booking.checkOut },
              offer: booking.change,
              ...(changeAnswer ? { answer: changeAnswer } : {}),
            }}
          />
        </Section>
      ) : null}
      <PaidSection booking={booking} />
      <Section id="policy-heading" title={words.policyHeading}>
        <p className="text-stone-800">{booking.policy}</p>
        {booking.accepted ? (
          <p className="mt-2 text-sm text-stone-700">
            {words.policyAccepted(formatDay(booking.accepted.on, { weekday: false }))}{" "}
            {booking.accepted.words}
          </p>
        ) : null}
        {booking.cancel ? (
          <div className="mt-4">
            <Island
              name="cancel-booking"
              component={CancelBooking}
              props={{
                action: path,
                statement: booking.cancel.statement,
                ...(cancelRefusal ? { refusal: cancelRefusal } : {}),
              }}
            />
          </div>
        ) : null}
      </Section>
      <FindUsSection />
      <BringSection text={bring} />
      <Questions />
    </div>
  );
}

function Header({
  booking,
  changeNote,
  cancelledNow,
}: {
  booking: GuestBookingView;
  changeNote: string | null;
  cancelledNow: boolean;
}) {
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-3xl font-bold text-paddock-900 sm:text-4xl">{words.title}</h1>
      <p className="text-lg text-stone-800">
        Booking reference <strong>{booking.reference}</strong>
        <span className="mx-2" aria-hidden>
          ·
        </span>
        <span className="sr-only">, status: </span>
        <span className="rounded-full bg-stone-100 px-3 py-0.5 text-base font-semibold">
          {words.statusLabels[booking.status]}
        </span>
      </p>
      <div role="status">
        {changeNote ? (
          <p className="mt-2 rounded-md border border-paddock-300 bg-paddock-50 p-3 text-stone-900">
            {changeNote}
          </p>
        ) : null}
        {booking.endingNote ? (
          <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-stone-900">
            {cancelledNow ? <strong className="block">{words.cancelledToast}</strong> : null}
            {booking.endingNote}
          </p>
        ) : null}
      </div>
    </header>
  );
}

function Questions() {
  const site = useSite();
  return (
    <p className="text-stone-700">
      {words.questions}{" "}
      <a href={`tel:${site.phoneE164}`} className={linkClass}>
        {site.phone}
      </a>{" "}
      or email{" "}
      <a href={`mailto:${site.email}`} className={linkClass}>
        {site.email}
      </a>
      .
    </p>
  );
}
