// A campsite on /bookings (spec 3 "Campsite card display data"): the first
// image, price per night, name, location, 'Up to N guests', up to 4 amenity
// badges plus '+N more', and 'Book Now'.
import { Car, Dog, Flame, MapPin, Tent, Users, Wifi, Zap } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { Badge, Card } from "#app/components/ui/card.tsx";
import type { CampsiteSummary } from "#app/lib/booking-api.ts";
import { formatMoney } from "#domain/format/money.ts";

const SHOWN_AMENITIES = 4;

const amenityIcons: Record<string, typeof Wifi> = {
  wifi: Wifi,
  parking: Car,
  "dog friendly": Dog,
  firewood: Flame,
  power: Zap,
};

export function AmenityBadge({ amenity }: { amenity: string }) {
  const Icon = amenityIcons[amenity.trim().toLowerCase()];
  return (
    <Badge className="gap-1 capitalize">
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      {amenity}
    </Badge>
  );
}

export function CampsiteCard({
  campsite,
  bookHref,
  order = "below",
}: {
  campsite: CampsiteSummary;
  bookHref: string;
  /** Where the card is: the first picture is the page's largest paint, those below the fold wait. */
  order?: "first" | "above" | "below";
}) {
  const image = campsite.images[0];
  const shown = campsite.amenities.slice(0, SHOWN_AMENITIES);
  const more = campsite.amenities.length - shown.length;
  const headingId = `campsite-${campsite.id}`;
  return (
    <Card className="flex flex-col overflow-hidden" aria-labelledby={headingId} role="group">
      <div className="relative aspect-[4/3] bg-paddock-100">
        {image ? (
          <img
            src={image}
            alt=""
            loading={order === "below" ? "lazy" : "eager"}
            fetchPriority={order === "first" ? "high" : undefined}
            decoding={order === "below" ? "async" : "auto"}
            width={640}
            height={480}
            className="size-full object-cover"
          />
        ) : (
          <Tent aria-hidden="true" className="absolute inset-0 m-auto size-12 text-paddock-700" />
        )}
        <p className="absolute right-3 top-3 rounded-md bg-white/95 px-2.5 py-1 text-sm font-bold text-stone-900 shadow">
          {formatMoney(campsite.pricePerNightCents)}
          <span className="font-normal text-stone-700"> per night</span>
        </p>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            {campsite.name}
          </h2>
          {campsite.location ? (
            <p className="mt-1 flex items-start gap-1.5 text-sm text-stone-700">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {campsite.location}
            </p>
          ) : null}
          <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-700">
            <Users aria-hidden="true" className="size-4 shrink-0" />
            Up to {campsite.capacity} guests
          </p>
        </div>
        {campsite.description ? (
          <p className="line-clamp-3 text-sm text-stone-700">{campsite.description}</p>
        ) : null}
        {shown.length > 0 ? (
          <ul aria-label="Amenities" className="flex flex-wrap gap-1.5">
            {shown.map((amenity) => (
              <li key={amenity}>
                <AmenityBadge amenity={amenity} />
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge tone="neutral">+{more} more</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <Link
          to={bookHref}
          aria-describedby={headingId}
          className={buttonVariants({ className: "mt-auto w-full", size: "lg" })}
        >
          Book Now
        </Link>
      </div>
    </Card>
  );
}
