// Settings' 'Deposits' (issue 31): pay in full when booking (the default), or
// a deposit (a percentage, or an amount per night) for stays that start more
// than N days ahead, with the balance charged N days before arrival. Part of
// the 'Save All Settings' form.
import { TextField } from "#app/components/admin/catalogue/field.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { centsToAmount } from "#domain/format/money.ts";
import type { Settings } from "#domain/forms/settings.ts";
import type { DepositKind } from "#domain/rules/deposits.ts";
import { type Choice, RadioChoices } from "./radio-choices";
import { wholeNumberSetting } from "./whole-number-setting";

type Errors = Record<string, string | undefined>;

const choices: (Choice & { value: DepositKind })[] = [
  { value: "full", label: "Pay in full", hint: "Every stay is paid when it is booked." },
  {
    value: "percent",
    label: "A percentage deposit",
    hint: "Stays booked well ahead pay this share now, the rest before arrival.",
  },
  {
    value: "per-night",
    label: "A deposit per night",
    hint: "Stays booked well ahead pay this much a night now, the rest before arrival.",
  },
];

export function DepositCard({ settings, errors }: { settings: Settings; errors: Errors }) {
  const whole = wholeNumberSetting(settings, errors);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Deposits</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-stone-700">
          A camper paying a deposit agrees at the card payment page that the card is kept for the
          balance, which is charged by itself on its due day. If that charge fails, the camper is
          emailed a link to pay and you are told; Today shows any balance still due on arrival.
        </p>
        <RadioChoices
          legend="How campers pay"
          name="depositKind"
          choices={choices}
          checked={settings.depositKind}
          error={errors.depositKind}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Deposit (%)"
            {...whole("depositPercent", 1, 99)}
            hint="For a percentage deposit: the share of the stay paid when booking."
          />
          <TextField
            label="Deposit per night ($)"
            name="depositPerNight"
            inputMode="decimal"
            defaultValue={centsToAmount(settings.depositPerNightCents)}
            hint="For a deposit per night: paid for each night when booking."
            error={errors.depositPerNight}
          />
          <TextField
            label="Stays starting more than (days ahead)"
            {...whole("depositDaysAhead", 2, 1095)}
            hint="Stays starting sooner are paid in full when booked."
          />
          <TextField
            label="Balance due (days before arrival)"
            {...whole("balanceDueDaysBefore", 1, 365)}
            hint="The kept card is charged the balance on that day."
          />
        </div>
      </CardContent>
    </Card>
  );
}
