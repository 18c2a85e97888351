// The form that adds a calendar to import: a name, the whole campsite or one
// unit, and the listing's .ics address. The action reads the feed at once and
// its toast says how that went; the form clears once the feed is added.
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { UnitOption } from "#domain/api/calendar-sync.ts";

export function AddFeedForm({ units }: { units: UnitOption[] }) {
  const fetcher = useFetcher<ActionAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { name: useId(), url: useId(), unit: useId() };
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  useToastOnce(fetcher.data?.toast);
  // Cleared once per answer that took the feed, as soon as it arrives.
  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);
  const describe = (id: string, field: string) => (errors[field] ? `${id}-error` : undefined);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-4 border-t border-stone-200 pt-6"
      aria-labelledby="add-feed-heading"
    >
      <h3 id="add-feed-heading" className="font-semibold">
        Add a calendar to import
      </h3>
      <input type="hidden" name="intent" value="add-feed" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            name="name"
            required
            maxLength={60}
            placeholder="Airbnb"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describe(ids.name, "name")}
          />
          <FieldError id={`${ids.name}-error`}>{errors.name}</FieldError>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.unit}>Blocks</Label>
          <select
            id={ids.unit}
            name="campsiteUnitId"
            defaultValue=""
            aria-invalid={errors.campsiteUnitId ? true : undefined}
            aria-describedby={describe(ids.unit, "campsiteUnitId")}
            className="h-10 rounded-md border border-stone-400 bg-white px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700 sm:text-sm"
          >
            <option value="">The whole campsite</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                Only {u.name}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.unit}-error`}>{errors.campsiteUnitId}</FieldError>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.url}>Calendar URL (.ics)</Label>
        <Input
          id={ids.url}
          name="url"
          type="url"
          inputMode="url"
          required
          placeholder="https://www.airbnb.com/calendar/ical/….ics"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={[`${ids.url}-hint`, describe(ids.url, "url")].filter(Boolean).join(" ")}
        />
        <p id={`${ids.url}-hint`} className="text-xs text-stone-700">
          The listing's calendar export link; webcal:// links work too.
        </p>
        <FieldError id={`${ids.url}-error`}>{errors.url}</FieldError>
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Adding and reading…" : "Add calendar"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
