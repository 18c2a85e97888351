// The extras a camper ticks on step 3 (issue 13), as the booking request
// carries them: each extra once, with how many, in the order they are offered.
import type { Extra, ExtraChoice } from "#domain/rules/rates.ts";

export const quantityOf = (choices: readonly ExtraChoice[], extraId: string) =>
  choices.find((c) => c.extraId === extraId)?.quantity ?? 0;

/** The choices with one extra set to `quantity` (0 takes it out), in the offered order. */
export function withQuantity(
  offered: readonly Pick<Extra, "id">[],
  choices: readonly ExtraChoice[],
  extraId: string,
  quantity: number,
): ExtraChoice[] {
  const quantities = new Map(choices.map((c) => [c.extraId, c.quantity]));
  quantities.set(extraId, quantity);
  return offered
    .map((extra) => ({ extraId: extra.id, quantity: quantities.get(extra.id) ?? 0 }))
    .filter((choice) => choice.quantity > 0);
}

/** '$25.00 per stay', '$10.00 per night each, up to 2'. */
export function extraPriceText(extra: Pick<Extra, "per" | "maxQuantity">, price: string): string {
  const each = extra.maxQuantity > 1 ? ` each, up to ${extra.maxQuantity}` : "";
  return `${price} per ${extra.per}${each}`;
}
