// /admin/campsites (spec 2.15 Campsites, 7.4): the card grid, 'Add New
// Campsite' and edit in one dialog, the active switch, and the empty state.
// Campsites are never deleted; changing the quantity keeps the units in step.
import { Plus, Tent } from "lucide-react";
import { useCallback, useState } from "react";
import { CampsiteCard, type CampsiteView } from "#app/components/admin/catalogue/campsite-card.tsx";
import {
  CampsiteDialog,
  type CampsiteFormValues,
  formValuesOf,
} from "#app/components/admin/catalogue/campsite-dialog.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { EmptyState } from "#app/components/admin/empty-state.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { Button } from "#app/components/ui/button.tsx";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { siteConfig } from "#content/site.ts";
import { centsToAmount } from "#domain/format/money.ts";
import { campsiteFormSchema, newCampsiteDefaults } from "#domain/forms/campsite.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import {
  createCampsite,
  listCampsitesForAdmin,
  setCampsiteActive,
  updateCampsite,
} from "#server/services/campsite-admin.ts";
import { getSettings } from "#server/services/settings.ts";
import type { Route } from "./+types/campsites";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Campsites") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const [campsites, settings] = await Promise.all([
    listCampsitesForAdmin(context.db),
    getSettings(context.db),
  ]);
  const defaults: CampsiteFormValues = {
    ...newCampsiteDefaults(siteConfig().farmName),
    // The default nightly rate of the Settings screen prices a new campsite.
    pricePerNight: centsToAmount(settings.defaultNightlyRateCents).replace(/\.00$/, ""),
  };
  return {
    campsites: campsites.map(
      (c): CampsiteView => ({
        id: c.id,
        name: c.name,
        location: c.location,
        description: c.description,
        pricePerNightCents: c.pricePerNightCents,
        capacity: c.capacity,
        quantity: c.quantity,
        amenities: c.amenities,
        images: c.images,
        isActive: c.isActive,
        activeUnits: c.activeUnits,
      }),
    ),
    defaults,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  if (intent === "create" || intent === "update") {
    const failure = (message?: string) =>
      intent === "create"
        ? {
            kind: "error" as const,
            title: "Failed to create campsite. Please try again.",
            description: message,
          }
        : { kind: "error" as const, title: `Failed to update campsite: ${message}` };
    const parsed = parseForm(campsiteFormSchema, form);
    if (!parsed.ok) {
      return invalidForm(intent, parsed.errors, failure);
    }
    try {
      if (intent === "create") {
        await createCampsite(context.db, admin, parsed.data);
        return ok(intent, { kind: "success", title: "Campsite created successfully" });
      }
      await updateCampsite(context.db, admin, id, parsed.data);
      return ok(intent, { kind: "success", title: "Campsite updated successfully" });
    } catch (error) {
      return refused(intent, error, failure);
    }
  }

  if (intent === "set-active") {
    try {
      await setCampsiteActive(context.db, admin, id, form.get("isActive") === "true");
      return ok(intent);
    } catch (error) {
      return refused(intent, error, (message) => ({
        kind: "error",
        title: "Failed to update campsite status. Please try again.",
        description: message,
      }));
    }
  }
  return unknownIntent(intent);
}

type DialogState = { open: false } | { open: true; campsite?: CampsiteView };

export default function AdminCampsites({ loaderData }: Route.ComponentProps) {
  const { campsites, defaults } = loaderData;
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const close = useCallback((open: boolean) => {
    if (!open) setDialog({ open: false });
  }, []);
  const add = () => setDialog({ open: true });

  return (
    <>
      <ScreenHeader
        title="Campsites"
        description="The sites campers can book: prices, guests, spots, amenities and photos."
      >
        <Button onClick={add}>
          <Plus aria-hidden />
          Add New Campsite
        </Button>
      </ScreenHeader>

      {campsites.length === 0 ? (
        <EmptyState icon={Tent} text="No campsites found">
          <Button onClick={add}>
            <Plus aria-hidden />
            Add Your First Campsite
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {campsites.map((campsite) => (
            <li key={campsite.id}>
              <CampsiteCard
                campsite={campsite}
                onEdit={(c) => setDialog({ open: true, campsite: c })}
              />
            </li>
          ))}
        </ul>
      )}

      {dialog.open ? (
        <CampsiteDialog
          open
          onOpenChange={close}
          campsiteId={dialog.campsite?.id}
          values={dialog.campsite ? formValuesOf(dialog.campsite) : defaults}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load campsites."
      description="Please try again"
      reloadHref="/admin/campsites"
    />
  );
}
