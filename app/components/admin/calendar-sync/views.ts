// What the Calendar sync screen shows, as its loader sends it (the channel
// sync overview): the export links, the imported feeds with their health, the
// units a feed may block, and the nights sold twice.

export type ExportLinkView = {
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
  unitName: string | null;
  lastSyncedAt: string | null;
  nightsCount: number;
  lastError: string | null;
  consecutiveFailures: number;
  failing: boolean;
  nextSyncAt: string;
};

export type UnitOption = { id: string; name: string };

/** A paid or confirmed booking whose nights an imported feed also closes. */
export type ConflictView = {
  feedId: string;
  feedName: string;
  bookingId: string;
  bookingReference: string;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  campsiteName: string;
  unitName: string | null;
  nights: string[];
};
