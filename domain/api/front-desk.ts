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
