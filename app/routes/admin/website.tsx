import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { ScreenHeader } from "#app/components/admin/catalogue/screen-error.tsx";
import { SwitchField } from "#app/components/admin/catalogue/switch-field.tsx";
import { useCheckedForm } from "#app/components/admin/catalogue/use-checked-form.ts";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { PublishButton } from "#app/components/admin/website/publish.tsx";
import { VersionHistory } from "#app/components/admin/website/version-history.tsx";
import { WebsiteTabs } from "#app/components/admin/website/website-tabs.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { unknownIntent } from "#app/routes/action-answer.server.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { publishFromForm, restoreVersion } from "#app/routes/admin/website-actions.server.ts";
import { readForm } from "#app/routes/form-body.server.ts";
import { farmDetailsOf, siteConfig } from "#content/site.ts";
import { type FarmDetails, farmDetailsSchema } from "#domain/forms/farm-details.ts";
import {
  farmDetailsHistory,
  publishFarmDetails,
  restoreFarmDetails,
} from "#server/services/farm-details.ts";
import type { Route } from "./+types/website";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Website") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const history = await farmDetailsHistory(context.db);
  return {
    details: farmDetailsOf(siteConfig()),
    history: history.map((v) => ({
      id: v.id,
      authorName: v.authorName,
      createdAt: v.createdAt.toISOString(),
      summary: `${v.body.farmName} Station, ${v.body.phone}, ${v.body.email}`,
    })),
  };
}

const farmDetails = {
  name: "The farm's details",
  schema: farmDetailsSchema,
  publish: publishFarmDetails,
  restore: restoreFarmDetails,
  shownOn: "The site, emails and invoices use the new details now.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwnerScreen(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "publish-details")
    return publishFromForm(farmDetails, intent, form, context.db, owner);
  if (intent === "restore-details")
    return restoreVersion(farmDetails, intent, form, context.db, owner);
  return unknownIntent(intent);
}

export default function AdminWebsite({ loaderData }: Route.ComponentProps) {
  const { details, history } = loaderData;
  const form = useCheckedForm(farmDetailsSchema);
  const field = (name: keyof FarmDetails) => ({
    name,
    defaultValue: String(details[name]),
    error: form.errors[name],
  });
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ScreenHeader
        title="Website"
        description="What the public site, the emails and the invoices say about the farm."
      />
      <WebsiteTabs />
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        aria-label="Farm details"
        // A restored version fills the form anew.
        key={history[0]?.id ?? "defaults"}
      >
        <input type="hidden" name="intent" value="publish-details" />
        <Card>
          <CardHeader>
            <CardTitle>Farm details</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Farm name"
                required
                hint="Shown as “… Station”."
                {...field("farmName")}
              />
              <TextField
                label="Legal name"
                required
                hint="On invoices and receipts."
                {...field("legalName")}
              />
              <TextField label="Phone" required type="tel" autoComplete="off" {...field("phone")} />
              <TextField
                label="Email"
                required
                type="email"
                hint="Shown to campers."
                {...field("email")}
              />
              <TextField
                label="Notification email"
                required
                type="email"
                hint="Where contact messages and booking notices go."
                {...field("notificationEmail")}
              />
            </div>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Address</legend>
              <TextField label="Street address" required {...field("street")} />
              <TextField label="Town" required {...field("locality")} />
              <TextField label="State" required {...field("region")} />
              <TextField label="Postcode" required inputMode="numeric" {...field("postcode")} />
              <TextField
                label="Map link"
                className="sm:col-span-2"
                hint="A map of the gate (https://…); empty for a map search of the address."
                {...field("mapUrl")}
              />
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Tax</legend>
              <TextField
                label="ABN"
                inputMode="numeric"
                hint="11 digits; empty for none."
                {...field("abn")}
              />
              <div className="flex flex-col gap-1.5">
                <SwitchField
                  label="GST registered"
                  name="gstRegistered"
                  defaultChecked={details.gstRegistered}
                  hint="Invoices are tax invoices and show the GST in each price."
                />
                {form.errors.gstRegistered ? (
                  <p className="text-sm text-red-700">{form.errors.gstRegistered}</p>
                ) : null}
              </div>
            </fieldset>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Links</legend>
              <TextField label="Facebook page" hint="Empty for none." {...field("facebookUrl")} />
              <TextField label="Instagram page" hint="Empty for none." {...field("instagramUrl")} />
              <TextField
                label="Booking listing"
                required
                className="sm:col-span-2"
                hint="The outside listing behind every BOOK NOW button."
                {...field("bookingListingUrl")}
              />
            </fieldset>
            <div>
              <PublishButton busy={form.busy} />
            </div>
          </CardContent>
        </Card>
      </form.fetcher.Form>
      <VersionHistory title="Published versions" intent="restore-details" versions={history} />
    </div>
  );
}
