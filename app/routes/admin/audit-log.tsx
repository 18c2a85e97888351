// /admin/audit-log (issue 17 item 5), the owner's: who did what and when,
// filtered by person, action and farm days, 50 entries a page. The filters
// live in the address: ?person=<user id|system>&action=&from=&to=&page=.

import { AuditFilters } from "#app/components/admin/audit/audit-filters.tsx";
import { AuditPager, AuditTable } from "#app/components/admin/audit/audit-table.tsx";
import { ScreenHeader, ScreenLoadError } from "#app/components/admin/catalogue/screen-error.tsx";
import { adminPageTitle } from "#app/components/admin/page-title.ts";
import { requireOwnerScreen } from "#app/routes/admin/guards.server.ts";
import { auditLogFilterSchema } from "#domain/forms/audit-log.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { listAuditEntries } from "#server/services/audit-log-admin.ts";
import type { Route } from "./+types/audit-log";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(matches, "Audit Log") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerScreen(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = parseForm(auditLogFilterSchema, params);
  const values = { person: params.person, action: params.action, from: params.from, to: params.to };
  // A wrong filter is named beside its field; the log is read without the filters.
  const filter = parsed.ok ? parsed.data : { page: 1 };
  const found = await listAuditEntries(context.db, filter);
  return { ...found, values, errors: parsed.ok ? {} : parsed.errors };
}

export default function AdminAuditLog({ loaderData: d }: Route.ComponentProps) {
  const hrefOf = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(d.values)) if (value) query.set(key, value);
    query.set("page", String(page));
    return `/admin/audit-log?${query}`;
  };
  return (
    <>
      <ScreenHeader
        title="Audit Log"
        description="Who changed what in the back office, and what the system did on its own, newest first."
      />
      <AuditFilters values={d.values} people={d.people} actions={d.actions} errors={d.errors} />
      {d.entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-700">
          No entries match these filters.
        </p>
      ) : (
        <AuditTable entries={d.entries} />
      )}
      <AuditPager
        page={d.page}
        pageCount={d.pageCount}
        total={d.total}
        hasOlder={d.hasOlder}
        hrefOf={hrefOf}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ScreenLoadError
      error={error}
      title="Failed to load the audit log"
      description="Please reload the page to try again."
      reloadHref="/admin/audit-log"
    />
  );
}
