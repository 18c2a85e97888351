// What the Calendar sync screen is sent (/admin/campsites/:id/calendars):
// the export links, the imported feeds with their health, the units a feed
// may block, and the nights sold twice. Written once for the service and the screen.

export type Conflict = {
  feedId: string;
  feedName: string;
  bookingId: string;
  bookingReference: string;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  campsiteName: string;
  unitName: string | null;
  /** The booking's nights the feed blocks. */
  nights: string[];
};

export type ExportLink = {
  kind: "campsite" | "unit";
  id: string;
  name: string;
  isActive: boolean;
  url: string;
};

export type FeedView = {
  id: string;
  name: string;
  url: string;
  campsiteUnitId: string | null;
  unitName: string | null;
  lastSyncedAt: string | null;
  nightsCount: number;
  lastError: string | null;
  consecutiveFailures: number;
  failing: boolean;
  nextSyncAt: string;
};

export type CalendarSyncOverview = {
  campsite: { id: string; name: string; isActive: boolean };
  units: { id: string; name: string; isActive: boolean }[];
  exports: ExportLink[];
  feeds: FeedView[];
  conflicts: Conflict[];
};

/** A unit a feed may be imported for. */
export type UnitOption = { id: string; name: string };
