// /my-booking/:token/receipt/:number: the receipt of one payment a booking
// received (issue 31), at the booking's secret token. Any wrong token or
// number is the site's 404 page, as for the invoice.
import { data } from "react-router";
import { ReceiptDocument } from "#app/components/invoice/receipt-document.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { guestBookingPath } from "#domain/rules/my-booking.ts";
import { receiptsAtToken } from "#server/services/receipts.ts";
import type { Route } from "./+types/receipt";

export const handle = islandsPage;

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const n = Number(params.number);
  const receipts = Number.isSafeInteger(n) ? await receiptsAtToken(context.db, params.token) : [];
  const found = receipts?.[n - 1];
  if (!found) throw data(null, { status: 404, headers: PRIVATE });
  const { paymentId: _, ...receipt } = found;
  return { receipt, back: guestBookingPath(params.token) };
}

export function headers() {
  return PRIVATE;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const what = loaderData ? `Receipt ${loaderData.receipt.number}` : "Receipt";
  return [
    { title: `${what} | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export default function GuestReceipt({ loaderData }: Route.ComponentProps) {
  return <ReceiptDocument receipt={loaderData.receipt} back={loaderData.back} />;
}
