// What the front desk's forms offer: the campsites on sale with their units
// and extras, in the order the public site lists them.
import { and, asc, eq } from "drizzle-orm";
import type { DeskCampsite } from "#domain/api/front-desk.ts";
import type { Executor } from "#server/db/client.ts";
import { campsiteExtras, campsites, campsiteUnits } from "#server/db/schema.ts";

export async function deskCatalogue(db: Executor): Promise<DeskCampsite[]> {
  const [sites, units, extras] = await Promise.all([
    db
      .select({
        id: campsites.id,
        name: campsites.name,
        capacity: campsites.capacity,
        maxDogs: campsites.maxDogs,
      })
      .from(campsites)
      .where(eq(campsites.isActive, true))
      .orderBy(asc(campsites.name)),
    db
      .select({
        id: campsiteUnits.id,
        name: campsiteUnits.name,
        campsiteId: campsiteUnits.campsiteId,
      })
      .from(campsiteUnits)
      .where(eq(campsiteUnits.isActive, true))
      .orderBy(asc(campsiteUnits.name)),
    db
      .select()
      .from(campsiteExtras)
      .where(and(eq(campsiteExtras.isActive, true)))
      .orderBy(asc(campsiteExtras.createdAt), asc(campsiteExtras.name)),
  ]);
  return sites.map((site) => ({
    ...site,
    units: units.filter((u) => u.campsiteId === site.id).map(({ id, name }) => ({ id, name })),
    extras: extras
      .filter((e) => e.campsiteId === site.id)
      .map(({ id, name, priceCents, per, maxQuantity }) => ({
        id,
        name,
        priceCents,
        per,
        maxQuantity,
      })),
  }));
}
