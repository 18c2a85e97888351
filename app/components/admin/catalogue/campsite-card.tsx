// One campsite of the Campsites grid (spec 2.15): image, Active/Inactive
// badge, edit button, price per night, 'up to N guests', spots available, the
// first three amenities and '+N more', links to its Rates and Calendar sync
// screens, and the active switch. Inactive campsites are dimmed.
import { CalendarSync, CircleDollarSign, Pencil, Tent } from "lucide-react";
import { useId } from "react";
import { Link, useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge, Card } from "#app/components/ui/card.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { cn } from "#app/lib/utils.ts";
import { formatMoney } from "#domain/format/money.ts";

export type CampsiteView = {
  id: string;
  name: string;
  location: string;
  description: string;
  pricePerNightCents: number;
  capacity: number;
  quantity: number;
  amenities: string[];
  images: string[];
  isActive: boolean;
  activeUnits: number;
};

const cardLink =
  "inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-paddock-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700";

/** The card grid shows 3 amenities (spec section 9). */
export const CARD_AMENITIES = 3;

export function CampsiteCard({
  campsite,
  onEdit,
}: {
  campsite: CampsiteView;
  onEdit: (campsite: CampsiteView) => void;
}) {
  const switchId = useId();
  const fetcher = useFetcher<ActionAnswer>();
  // Optimistic: the switch moves at once and moves back if the change is refused.
  const pending = fetcher.formData?.get("isActive");
  const isActive =
    pending !== undefined && pending !== null ? pending === "true" : campsite.isActive;

  useAnswer(fetcher);

  const shown = campsite.amenities.slice(0, CARD_AMENITIES);
  const more = campsite.amenities.length - shown.length;
  const image = campsite.images[0];

  return (
    // Inactive cards are dimmed (spec 2.15): a faded photo and a grey card; the
    // text keeps its contrast.
    <Card
      data-active={isActive}
      className={cn("flex flex-col overflow-hidden", !isActive && "border-dashed bg-stone-100")}
    >
      <div className="relative aspect-[4/3] bg-stone-100">
        {image ? (
          <img
            src={image}
            alt={campsite.name}
            width={640}
            height={480}
            loading="lazy"
            className={cn("size-full object-cover", !isActive && "opacity-50 grayscale")}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-stone-700">
            <Tent className={cn("size-10", !isActive && "opacity-50")} aria-hidden />
            <span className="text-sm">No photo yet</span>
          </div>
        )}
        <Badge tone={isActive ? "green" : "neutral"} className="absolute left-3 top-3">
          {isActive ? "Active" : "Inactive"}
        </Badge>
        <Button
          variant="outline"
          size="icon"
          className="absolute right-3 top-3 size-9 bg-white/95"
          aria-label={`Edit ${campsite.name}`}
          onClick={() => onEdit(campsite)}
        >
          <Pencil aria-hidden />
        </Button>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="text-lg font-semibold leading-tight">{campsite.name}</h2>
          {campsite.location ? <p className="text-sm text-stone-700">{campsite.location}</p> : null}
        </div>
        <dl className="grid grid-cols-1 gap-1 text-sm">
          <div>
            <dt className="sr-only">Price</dt>
            <dd>
              <span className="text-base font-semibold">
                {formatMoney(campsite.pricePerNightCents)}
              </span>{" "}
              per night
            </dd>
          </div>
          <div>
            <dt className="sr-only">Guests</dt>
            <dd>up to {campsite.capacity} guests</dd>
          </div>
          <div>
            <dt className="sr-only">Spots</dt>
            <dd>
              {campsite.activeUnits} {campsite.activeUnits === 1 ? "spot" : "spots"} available
            </dd>
          </div>
        </dl>
        {shown.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {shown.map((amenity) => (
              <li key={amenity}>
                <Badge>{amenity}</Badge>
              </li>
            ))}
            {more > 0 ? (
              <li>
                <Badge tone="blue">+{more} more</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <Link
            to={`/admin/campsites/${campsite.id}/rates`}
            aria-label={`Rates for ${campsite.name}`}
            className={cardLink}
          >
            <CircleDollarSign className="size-4" aria-hidden />
            Rates
          </Link>
          <Link
            to={`/admin/campsites/${campsite.id}/calendars`}
            aria-label={`Calendar sync for ${campsite.name}`}
            className={cardLink}
          >
            <CalendarSync className="size-4" aria-hidden />
            Calendar sync
          </Link>
        </div>
        <div className="mt-auto flex items-center justify-between border-t border-stone-200 pt-3">
          <label htmlFor={switchId} className="text-sm font-medium">
            Active
          </label>
          <Switch
            id={switchId}
            checked={isActive}
            aria-label={`${campsite.name} active`}
            onCheckedChange={(checked) =>
              fetcher.submit(
                { intent: "set-active", id: campsite.id, isActive: String(checked) },
                { method: "post" },
              )
            }
          />
        </div>
      </div>
    </Card>
  );
}
