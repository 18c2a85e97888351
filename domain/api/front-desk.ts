// What the front desk's screens read from the server (issue 28).

/** A campsite on sale, with what a booking of it may choose. */
export type DeskCampsite = {
  id: string;
  name: string;
  capacity: number;
  maxDogs: number;
  units: { id: string; name: string }[];
  extras: {
    id: string;
    name: string;
    priceCents: number;
    per: "stay" | "night";
    maxQuantity: number;
  }[];
};

/** A stay priced, before it is taken or changed. */
export type DeskQuote = {
  lines: { description: string; amountCents: number }[];
  totalCents: number;
  gstCents: number;
};

/** What the change form shows before saving: the new price and what is owed either way. */
export type DeskChangePreview = DeskQuote & {
  newFinalCents: number;
  paidCents: number;
  balanceCents: number;
  beforeCents: number;
  statement: string;
  version: number;
  /** What the farm must choose: how to collect, what to give back, or nothing. */
  choice: "collect" | "give-back" | null;
};

/** The booking as the change form starts from. */
export type DeskBookingToChange = {
  id: string;
  reference: string;
  guestName: string;
  status: string;
  campsiteName: string;
  unitName: string;
  checkIn: string;
  checkOut: string;
  totalCents: number;
  paidCents: number;
  hasPrepaidCard: boolean;
  /** Why it can no longer be changed; null when it can. */
  closed: string | null;
  /** The form's fields as the booking stands. */
  values: Record<string, string>;
};
