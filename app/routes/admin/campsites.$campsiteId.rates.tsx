// /admin/campsites/:campsiteId/rates (issue 13): a campsite's nightly and
// Friday-and-Saturday prices, guests included and the extra guest fee, the
// pet fee and dogs allowed, the Queensland long-weekend minimum stay (with the
// coming long weekends it applies to), its seasons and its extras.
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AdminScreenError } from "#app/components/admin/admin-screen-error.tsx";
import { useDeleteToasts } from "#app/components/admin/catalogue/row-actions.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Extras } from "#app/components/admin/rates/extras.tsx";
import { LongWeekends } from "#app/components/admin/rates/long-weekends.tsx";
import { PricesForm } from "#app/components/admin/rates/prices-form.tsx";
import type { RatesView } from "#app/components/admin/rates/rates-view.ts";
import { Seasons } from "#app/components/admin/rates/seasons.tsx";
import {
  ratesAction,
  ratesOrNotFound,
} from "#app/routes/admin/campsites.$campsiteId.rates.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import type { Route } from "./+types/campsites.$campsiteId.rates";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const view: RatesView = await ratesOrNotFound(context.db, params.campsiteId);
  return { view };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  return ratesAction(context.db, admin, params.campsiteId, await readForm(request));
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.view.campsite.name;
  return [{ title: adminPageTitle(matches, name ? `Rates: ${name}` : "Rates") }];
}

export default function CampsiteRates({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  useDeleteToasts();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/admin/campsites"
          className="inline-flex items-center gap-1 text-sm font-medium text-paddock-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Campsites
        </Link>
        <h1 className="mt-2 text-2xl font-bold">Rates</h1>
        <p className="mt-1 text-stone-700">
          {view.campsite.name}
          {view.campsite.isActive ? "" : " (inactive)"}: what a stay costs, and what campers can add
          to it. The farm's minimum stay of {view.minimumNightStay}{" "}
          {view.minimumNightStay === 1 ? "night" : "nights"} (Settings) always applies.
        </p>
      </div>
      <PricesForm view={view} />
      <LongWeekends
        longWeekends={view.longWeekends}
        ruleMinimum={view.rates.longWeekendMinimumNights}
      />
      <Seasons
        seasons={view.seasons}
        nightPriceCents={view.rates.nightPriceCents}
        minimumNightStay={view.minimumNightStay}
      />
      <Extras extras={view.extras} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminScreenError error={error} />;
}
