// /gift-vouchers/thanks?session_id=: where the card payment page returns the
// buyer of a gift voucher (issue 31, item 2). It says what became of it: sent,
// still being confirmed by the card provider, or not paid.
import { Link } from "react-router";
import { PageHeader } from "#app/components/public/page-hero.tsx";
import { islandsPage } from "#app/components/public/route-exports.ts";
import { siteFromMatches } from "#app/components/public/seo.ts";
import { formatMoney } from "#domain/format/money.ts";
import { findGiftVoucher, reconcileGiftVoucher } from "#server/services/payments/gift-vouchers.ts";
import type { Route } from "./+types/gift-vouchers-thanks";

export const handle = islandsPage;

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: `Gift Vouchers | ${siteFromMatches(matches).farmName} Station` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const voucher = sessionId ? await findGiftVoucher(context.db, sessionId) : undefined;
  if (!voucher) throw new Response("Not Found", { status: 404 });
  const what = `${formatMoney(voucher.amountCents)} gift voucher ${voucher.reference} for ${voucher.recipientName}`;
  const said = {
    paid: `Thank you! Your ${what} is on its way to ${voucher.recipientEmail}, and your receipt to ${voucher.buyerEmail}.`,
    pending: `Your card payment for the ${what} is being confirmed. We email the voucher as soon as it is.`,
    expired: `The card payment for the ${what} did not go through, and nothing was charged.`,
  };
  // What the provider says now, in case its word has not arrived (a webhook late or lost).
  const status = await reconcileGiftVoucher(context.db, voucher);
  return { status, said: said[status] };
}

export default function GiftVoucherThanks({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Gift Vouchers" />
      <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12 sm:px-6">
        <p role="status" className="text-lg text-stone-800">
          {loaderData.said}
        </p>
        <Link
          to="/gift-vouchers"
          className="font-semibold text-paddock-800 underline underline-offset-4"
        >
          {loaderData.status === "expired" ? "Try again" : "Buy another voucher"}
        </Link>
      </section>
    </>
  );
}
