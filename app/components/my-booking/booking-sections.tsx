// The sections of the camper's own booking page: the stay, what was paid,
// and how to find the farm and what to bring. Plain markup, no library: the
// page is public and light.
import { useSite } from "#app/root.tsx";
import { myBookingPage as words } from "#content/my-booking.ts";
import { formatAddress, mapsSearchUrl } from "#content/site.ts";
import type { GuestBookingView } from "#domain/api/my-booking.ts";
import { formatLongDay } from "#domain/format/long-day.ts";
import { formatMoney } from "#domain/format/money.ts";
import { stayParty } from "#domain/rules/invoice.ts";

const sectionClass = "rounded-2xl border border-stone-200 bg-white p-5 sm:p-6";
const headingClass = "text-xl font-bold text-paddock-900";
export const linkClass =
  "font-semibold text-paddock-800 underline underline-offset-4 hover:text-paddock-900";

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function StaySection({ booking }: { booking: GuestBookingView }) {
  const nights = `${booking.nights} ${booking.nights === 1 ? "night" : "nights"}`;
  const rows: [string, React.ReactNode][] = [
    ["Campsite", booking.campsite],
    [
      "Arrive",
      <>
        {formatLongDay(booking.checkIn)}
        <span className="block text-sm font-normal text-stone-700">{words.checkIn}</span>
      </>,
    ],
    [
      "Leave",
      <>
        {formatLongDay(booking.checkOut)}
        <span className="block text-sm font-normal text-stone-700">{words.checkOut}</span>
      </>,
    ],
    ["Nights", nights],
    ["Guests", stayParty(booking)],
  ];
  return (
    <Section id="stay-heading" title={words.stayHeading}>
      <dl className="divide-y divide-stone-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2.5 sm:grid-cols-[8rem_1fr] sm:gap-4">
            <dt className="text-stone-700">{label}</dt>
            <dd className="font-medium text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {booking.calendarPath ? (
          <a href={booking.calendarPath} download className={linkClass}>
            {words.calendarLink}
          </a>
        ) : null}
        <a href={booking.invoicePath} className={linkClass}>
          {booking.invoiceLabel}
        </a>
      </p>
    </Section>
  );
}

export function PaidSection({ booking }: { booking: GuestBookingView }) {
  return (
    <Section id="paid-heading" title={words.paidHeading}>
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">What you paid, line by line</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {booking.lines.map((line) => (
            <tr key={line.description}>
              <td className="py-2 pr-4">{line.description}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-300">
          {booking.totals.map((row) => (
            <tr key={row.label} className={row.strong ? "font-bold" : undefined}>
              <th scope="row" className="py-1.5 pr-4 font-[inherit]">
                {row.label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{row.amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {booking.receipts.length > 0 ? <Receipts receipts={booking.receipts} /> : null}
      {booking.balance ? <BalanceNote balance={booking.balance} /> : null}
    </Section>
  );
}

/** Each payment received, with its receipt. */
function Receipts({ receipts }: { receipts: GuestBookingView["receipts"] }) {
  return (
    <div className="mt-4 text-sm">
      <h3 className="font-semibold text-stone-900">Payments received</h3>
      <ul className="mt-1 divide-y divide-stone-200">
        {receipts.map((r) => (
          <li key={r.number} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <span>
              {formatLongDay(r.date)}: {r.what}, {formatMoney(r.amountCents)}
            </span>
            <a href={r.href} className={linkClass}>
              Receipt {r.number}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What is still owed: when a deposit's balance is charged, and the page to pay it now. */
function BalanceNote({ balance }: { balance: NonNullable<GuestBookingView["balance"]> }) {
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
      <p className="font-semibold">
        {balance.chargedOn
          ? `Balance of ${formatMoney(balance.cents)}: charged to your card on ${formatLongDay(balance.chargedOn)}.`
          : `Balance due: ${formatMoney(balance.cents)}.`}
      </p>
      <a href={balance.payPath} className={`${linkClass} mt-1 inline-block`}>
        {balance.chargedOn ? "Pay the balance now instead" : "Pay the balance by card"}
      </a>
    </div>
  );
}

export function FindUsSection() {
  const site = useSite();
  return (
    <Section id="find-us-heading" title={words.findUsHeading}>
      <p className="text-stone-800">{formatAddress(site)}</p>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <a
          href={mapsSearchUrl(site)}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          {words.mapLink}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={`tel:${site.phoneE164}`} className={linkClass}>
          {site.phone}
        </a>
      </p>
    </Section>
  );
}

export function BringSection({ text }: { text: string }) {
  return (
    <Section id="bring-heading" title={words.whatToBringHeading}>
      <p className="text-stone-800">{text}</p>
    </Section>
  );
}
