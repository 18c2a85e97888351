// The Website screens' Publish and Restore (issue 30, decision 0029): a piece
// of the site published from its form, or an earlier version published again.

import type { AppLoadContext } from "react-router";
import { failed, invalidForm, ok, refused } from "#app/routes/action-answer.server.ts";
import { parseForm } from "#domain/forms/form-fields.ts";
import type { z } from "#domain/forms/zod.ts";
import type { AdminUser } from "#server/services/admin-access.ts";

type Database = AppLoadContext["db"];

type Piece<T> = {
  /** What the owner is told the piece is: "The FAQ", "The farm's details". */
  name: string;
  schema: z.ZodType<T>;
  publish: (db: Database, owner: AdminUser, body: T) => Promise<void>;
  restore: (db: Database, owner: AdminUser, versionId: string) => Promise<boolean>;
  /** Where the published words show, for the toast. */
  shownOn: string;
};

export async function publishFromForm<T>(
  piece: Piece<T>,
  intent: string,
  form: FormData,
  db: Database,
  owner: AdminUser,
) {
  const parsed = parseForm(piece.schema, form);
  if (!parsed.ok) {
    return invalidForm(intent, parsed.errors, (description) => notPublished(piece, description));
  }
  try {
    await piece.publish(db, owner, parsed.data);
  } catch (error) {
    // What changed meanwhile (a picture removed from the library) is named on its field.
    return refused(intent, error, (message) => notPublished(piece, message));
  }
  return ok(intent, { kind: "success", title: "Published", description: piece.shownOn });
}

export async function restoreVersion<T>(
  piece: Piece<T>,
  intent: string,
  form: FormData,
  db: Database,
  owner: AdminUser,
) {
  let restored: boolean;
  try {
    restored = await piece.restore(db, owner, String(form.get("version") ?? ""));
  } catch (error) {
    return refused(intent, error, (message) => notPublished(piece, message));
  }
  if (!restored) {
    return failed(intent, { kind: "error", title: "That version is no longer there" }, 404);
  }
  return ok(intent, {
    kind: "success",
    title: "Restored",
    description: "That version is live again.",
  });
}

const notPublished = (piece: { name: string }, description?: string) => ({
  kind: "error" as const,
  title: `${piece.name} was not published`,
  description,
});
