// The Rates screen's server side: its data (404 for a campsite that is not
// there) and its action's intents, each parsed with its form's schema and
// answered in the ActionAnswer shape.
import { type AppLoadContext, data } from "react-router";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { invalidForm, ok, refused, unknownIntent } from "#app/routes/action-answer.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import { baseRatesFormSchema, extraFormSchema, seasonFormSchema } from "#domain/forms/rates.ts";
import { AppError } from "#server/errors.ts";
import type { AuditActor } from "#server/services/audit-log.ts";
import {
  addExtra,
  addSeason,
  deleteExtra,
  deleteSeason,
  ratesOverview,
  saveBaseRates,
  setExtraActive,
  updateExtra,
  updateSeason,
} from "#server/services/rates-admin.ts";

type Db = AppLoadContext["db"];

/** Everything the screen shows; a campsite that does not exist is a 404. */
export async function ratesOrNotFound(db: Db, campsiteId: string) {
  try {
    return await ratesOverview(db, campsiteId);
  } catch (error) {
    if (error instanceof AppError && error.refusal === "not_found") {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}

const done = (title: string, description?: string): ToastMessage => ({
  kind: "success",
  title,
  description,
});

/** Runs one intent of the screen's forms for the campsite of the URL. */
async function run(db: Db, admin: AuditActor, campsiteId: string, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  switch (intent) {
    case "save-rates": {
      const parsed = parseForm(baseRatesFormSchema, form);
      if (!parsed.ok) return invalidForm(intent, parsed.errors);
      await saveBaseRates(db, admin, campsiteId, parsed.data);
      return ok(intent, done("Prices and fees saved"));
    }
    case "add-season":
    case "update-season": {
      const parsed = parseForm(seasonFormSchema, form);
      if (!parsed.ok) return invalidForm(intent, parsed.errors);
      if (intent === "add-season") {
        const season = await addSeason(db, admin, campsiteId, parsed.data);
        return ok(intent, done("Season added", season.name));
      }
      const season = await updateSeason(db, admin, campsiteId, field("seasonId"), parsed.data);
      return ok(intent, done("Season updated", season.name));
    }
    case "delete-season": {
      const season = await deleteSeason(db, admin, campsiteId, field("seasonId"));
      return ok(intent, done("Season deleted", season.name));
    }
    case "add-extra":
    case "update-extra": {
      const parsed = parseForm(extraFormSchema, form);
      if (!parsed.ok) return invalidForm(intent, parsed.errors);
      if (intent === "add-extra") {
        const extra = await addExtra(db, admin, campsiteId, parsed.data);
        return ok(intent, done("Extra added", extra.name));
      }
      const extra = await updateExtra(db, admin, campsiteId, field("extraId"), parsed.data);
      return ok(intent, done("Extra updated", extra.name));
    }
    case "set-extra-active": {
      const active = field("isActive") === "true";
      const extra = await setExtraActive(db, admin, campsiteId, field("extraId"), active);
      return ok(intent, done(active ? "Extra activated" : "Extra deactivated", extra.name));
    }
    case "delete-extra": {
      const extra = await deleteExtra(db, admin, campsiteId, field("extraId"));
      return ok(intent, done("Extra deleted", extra.name));
    }
    default:
      return unknownIntent(intent);
  }
}

/** Fields the forms post unseen: a refusal about one is told in a toast. */
const HIDDEN_FIELDS = ["campsiteId", "seasonId", "extraId"];

export async function ratesAction(db: Db, admin: AuditActor, campsiteId: string, form: FormData) {
  try {
    return await run(db, admin, campsiteId, form);
  } catch (error) {
    // A refusal about a visible field is shown beside it, without a toast.
    return refused(String(form.get("intent") ?? ""), error, (message, { fieldErrors }) => {
      const visible = Object.keys(fieldErrors ?? {}).some((k) => !HIDDEN_FIELDS.includes(k));
      return visible ? undefined : { kind: "error", title: message };
    });
  }
}
