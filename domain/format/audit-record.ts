// The record an audit entry is about, named as the back office names it
// ("Booking RCS-1234, Jane Smith", "Campsite Riverside") and linked to the
// screen that shows it. A row deleted since reads from what the entry kept
// ("Discount code SUMMER10, since deleted") or says only what it was.

import { type AuditNames, type AuditRecord, auditNameKey } from "./audit-entry";
import { formatDay } from "./dates";

type Details = Record<string, unknown>;
type Entity = { type: string; id: string | null; details: Details };
type Namer = (entity: Entity, names: AuditNames) => AuditRecord;

const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null;

function found(names: AuditNames, type: string, id: string | null) {
  return id ? names[auditNameKey(type, id)] : undefined;
}

/** A campsite's name and its screen, from the entry's campsiteId. */
function campsiteOf(entity: Entity, names: AuditNames, screen: "rates" | "calendars") {
  const id = text(entity.details.campsiteId) ?? (entity.type === "campsite" ? entity.id : null);
  const campsite = found(names, "campsite", id);
  return {
    name: campsite?.name ?? "a campsite since deleted",
    href: campsite && id ? `/admin/campsites/${id}/${screen}` : null,
  };
}

/** "Season Summer, Riverside": a row that belongs to a campsite. */
function partOfCampsite(kind: string, screen: "rates" | "calendars"): Namer {
  return (entity, names) => {
    const campsite = campsiteOf(entity, names, screen);
    const own = found(names, entity.type, entity.id)?.name;
    const kept = text(entity.details.name);
    const name = own ?? (kept ? `${kept}, since deleted` : "since deleted");
    return { text: `${kind} ${name} (${campsite.name})`, href: campsite.href };
  };
}

const NAMERS: Record<string, Namer> = {
  booking: (entity, names) => {
    const booking = found(names, "booking", entity.id);
    const reference = booking?.name ?? text(entity.details.bookingReference);
    if (!reference) return { text: "a booking since deleted", href: null };
    const words = booking?.more ? `${reference}, ${booking.more}` : `${reference}, since deleted`;
    return { text: `Booking ${words}`, href: `/admin/bookings?q=${encodeURIComponent(reference)}` };
  },
  campsite: (entity, names) => {
    const campsite = campsiteOf(entity, names, "rates");
    return {
      text: campsite.href ? `Campsite ${campsite.name}` : campsite.name,
      href: campsite.href,
    };
  },
  campsite_season: partOfCampsite("Season", "rates"),
  campsite_extra: partOfCampsite("Extra", "rates"),
  calendar_feed: partOfCampsite("Calendar feed", "calendars"),
  unit: partOfCampsite("Unit", "calendars"),
  blocked_date: (entity, names) => {
    const day = text(entity.details.date);
    const where = entity.details.campsiteId
      ? campsiteOf(entity, names, "calendars").name
      : "all campsites";
    const query = new URLSearchParams(day ? { month: day.slice(0, 7) } : {});
    if (text(entity.details.campsiteId)) query.set("campsite", String(entity.details.campsiteId));
    return {
      text: `Day ${day ? formatDay(day) : "unknown"} (${where})`,
      href: `/admin/calendar?${query}`,
    };
  },
  discount_code: (entity, names) =>
    kept(names, entity, "Discount code", codeOf(entity.details), "/admin/discount-codes"),
  prepaid_card: (entity, names) => {
    if (!entity.id && typeof entity.details.count === "number")
      return { text: `${entity.details.count} prepaid cards`, href: "/admin/prepaid-cards" };
    return kept(
      names,
      entity,
      "Prepaid card",
      text(entity.details.cardNumber),
      "/admin/prepaid-cards",
    );
  },
  user: (entity, names) => {
    const person = found(names, "user", entity.id);
    if (person) return { text: personWords(person), href: "/admin/staff" };
    const email = text(entity.details.email);
    return { text: email ? `${email}, since deleted` : "a person since deleted", href: null };
  },
  staff_invitation: (entity) => ({
    text: `Invitation to ${text(entity.details.email) ?? "someone"}`,
    href: "/admin/staff",
  }),
  contact_message: (entity, names) => {
    const message = found(names, "contact_message", entity.id);
    const from = message ? personWords(message) : (text(entity.details.from) ?? "someone");
    return { text: `Message from ${from}`, href: "/admin/messages" };
  },
  email: (entity, names) => {
    const email = found(names, "email", entity.id);
    const to = email?.name ?? text(entity.details.to) ?? "someone";
    return { text: `Email to ${to}`, href: "/admin/messages" };
  },
  settings: () => ({ text: "Settings", href: "/admin/settings" }),
  setting: () => ({ text: "Two-factor requirement", href: "/admin/staff" }),
  "farm-details": () => ({ text: "The farm's details", href: "/admin/website" }),
  faq: () => ({ text: "The FAQ", href: "/admin/website/faq" }),
  site_event: (entity) => ({
    text: `Event ${text(entity.details.title) ?? ""}`.trim(),
    href: "/admin/website/events",
  }),
  media_picture: (entity) => ({
    text: text(entity.details.caption) ? `Picture “${entity.details.caption}”` : "Picture",
    href: "/admin/website/pictures",
  }),
  campsite_photo: (entity) => ({
    text: "Campsite photo",
    href: entity.id?.startsWith("/uploads/") ? entity.id : null,
  }),
};

/** The record of an entry in words, with a link to its screen when there is one. */
export function auditRecordOf(entity: Entity, names: AuditNames): AuditRecord {
  if (entity.type.startsWith("page:")) {
    const page = text(entity.details.page) ?? entity.type.slice(5);
    return {
      text: `Page ${text(entity.details.pageName) ?? page}`,
      href: `/admin/website/pages/${page}`,
    };
  }
  const namer = NAMERS[entity.type];
  if (namer) return namer(entity, names);
  const kind = entity.type.replace(/_/g, " ");
  return { text: entity.id ? `${kind} ${entity.id}` : kind, href: null };
}

/** A row known by a code or number the entry kept, whether or not it is still there. */
function kept(
  names: AuditNames,
  entity: Entity,
  kind: string,
  keptName: string | null,
  href: string,
): AuditRecord {
  const row = found(names, entity.type, entity.id);
  if (row) return { text: `${kind} ${row.name}`, href };
  const lower = kind.toLowerCase();
  return {
    text: keptName ? `${kind} ${keptName}, since deleted` : `a ${lower} since deleted`,
    href: null,
  };
}

function codeOf(details: Details): string | null {
  const within = (key: string) => {
    const value = details[key];
    return value && typeof value === "object" ? text((value as Details).code) : null;
  };
  return text(details.code) ?? within("before") ?? within("after");
}

function personWords(person: { name: string; more?: string }): string {
  return person.more && person.more !== person.name
    ? `${person.name} (${person.more})`
    : person.name;
}
