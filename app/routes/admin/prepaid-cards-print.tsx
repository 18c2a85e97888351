// /admin/prepaid-cards/print[?ids=a,b,c]: prepaid cards laid out to print on
// A4 and cut out, so the farm can sell or give them. Without ids: every
// active card with money on it.

import { Printer } from "lucide-react";
import { idsOf } from "#app/components/admin/catalogue/ids-param.ts";
import { StandalonePageError } from "#app/components/admin/standalone-page-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { requireOwnerArea } from "#app/routes/admin/guards.server.ts";
import { siteConfig } from "#content/site.ts";
import { formatMoney } from "#domain/format/money.ts";
import { publicUrl } from "#server/config.ts";
import { cardsToPrint } from "#server/services/prepaid-card-admin.ts";
import type { Route } from "./+types/prepaid-cards-print";

export function meta() {
  return [{ title: "Prepaid cards to print" }, { name: "robots", content: "noindex" }];
}

// A page of its own, outside the admin layout: it guards itself like the layout
// (no session: /login; a non-admin: signed out, 'Access Denied').
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerArea(request, context);
  const cards = await cardsToPrint(context.db, idsOf(request));
  const site = siteConfig();
  return {
    farm: `${site.farmName} Station`,
    redeemAt: `${publicUrl().replace(/^https?:\/\//, "")}/bookings`,
    phone: site.phone,
    cards: cards.map((c) => ({
      id: c.id,
      cardNumber: c.cardNumber,
      balanceCents: c.balanceCents,
      issuedTo: c.issuedTo,
    })),
  };
}

export default function PrintPrepaidCards({ loaderData }: Route.ComponentProps) {
  const { farm, redeemAt, phone, cards } = loaderData;
  return (
    <main className="mx-auto max-w-4xl p-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-2xl font-bold">Prepaid cards to print</h1>
          <p className="text-stone-700">
            {cards.length} {cards.length === 1 ? "card" : "cards"}. Print, then cut along the
            borders.
          </p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <a href="/admin/prepaid-cards">Back to Prepaid Cards</a>
          </Button>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden />
            Print
          </Button>
        </div>
      </div>
      {cards.length === 0 ? (
        <p>No active cards with a balance to print.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-2 print:gap-2">
          {cards.map((card) => (
            <li
              key={card.id}
              className="flex aspect-[85.6/54] break-inside-avoid flex-col justify-between rounded-xl border-2 border-dashed border-stone-400 bg-paddock-50 p-5 print:rounded-none"
            >
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="text-lg font-bold text-paddock-900">{farm}</p>
                  <p className="text-sm font-semibold uppercase tracking-wide text-paddock-800">
                    Prepaid Card
                  </p>
                </div>
                <p className="text-2xl font-bold text-paddock-900">
                  {formatMoney(card.balanceCents)}
                </p>
              </div>
              <p className="text-center font-mono text-xl font-semibold tracking-widest">
                {card.cardNumber}
              </p>
              <div className="text-xs text-stone-800">
                {card.issuedTo ? <p>For {card.issuedTo}</p> : null}
                <p>
                  Book your campsite at {redeemAt} and enter this number at checkout. Enquiries{" "}
                  {phone}.
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StandalonePageError
      error={error}
      failed="the cards"
      back={{ href: "/admin/prepaid-cards", label: "Back to Prepaid Cards" }}
    />
  );
}
