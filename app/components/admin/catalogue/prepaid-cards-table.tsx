// The Prepaid Cards table (spec 2.15): number, balance, who it was issued to,
// status, when it was made, and History, Edit, Activate or Deactivate and
// Delete, each labelled in words. The actions sit two by two so the columns
// fit beside the sidebar; in a narrow box each card is a card.
import { History, Pencil } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import {
  StackActionsTd,
  StackActionsTh,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import { formatDay, formatFarmDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import type { PrepaidCardView } from "./prepaid-card-dialogs";
import { DeleteButton, ToggleActiveButton } from "./row-actions";
import { ScrollTable } from "./scroll-table";

type RowHandlers = {
  onHistory: (card: PrepaidCardView) => void;
  onEdit: (card: PrepaidCardView) => void;
};

export function PrepaidCardsTable({
  cards,
  ...handlers
}: { cards: PrepaidCardView[] } & RowHandlers) {
  return (
    <ScrollTable label="Prepaid cards, newest first" stacked>
      <StackHead>
        <StackTh>Card Number</StackTh>
        <StackTh>Balance</StackTh>
        <StackTh>Issued To</StackTh>
        <StackTh>Status</StackTh>
        <StackTh>Created</StackTh>
        <StackActionsTh>Actions</StackActionsTh>
      </StackHead>
      <StackBody>
        {cards.map((card) => (
          <CardRow key={card.id} card={card} {...handlers} />
        ))}
      </StackBody>
    </ScrollTable>
  );
}

function CardRow({ card, onHistory, onEdit }: { card: PrepaidCardView } & RowHandlers) {
  const label = `card ${card.cardNumber}`;
  return (
    <StackTr>
      <StackTd label="Card Number" className="whitespace-nowrap font-mono font-semibold">
        {card.cardNumber}
      </StackTd>
      <StackTd label="Balance" className="whitespace-nowrap">
        <div className="font-semibold">{formatMoney(card.balanceCents)}</div>
        <div className="text-xs text-stone-700">of {formatMoney(card.originalBalanceCents)}</div>
      </StackTd>
      <StackTd label="Issued To" className="[overflow-wrap:anywhere] @4xl:min-w-32">
        {card.issuedTo ?? <span className="text-stone-700">Not recorded</span>}
      </StackTd>
      <StackTd label="Status">
        <Badge tone={card.isActive ? "green" : "neutral"}>
          {card.isActive ? "Active" : "Inactive"}
        </Badge>
        {card.expiresOn ? (
          <div className="mt-1 text-xs text-stone-700">
            Valid until {formatDay(card.expiresOn, { weekday: false })}
          </div>
        ) : null}
      </StackTd>
      <StackTd label="Created" className="min-w-24">
        {formatFarmDateTime(card.createdAt)}
      </StackTd>
      <StackActionsTd columns={2}>
        <Button
          variant="outline"
          size="sm"
          aria-label={`History of ${label}`}
          onClick={() => onHistory(card)}
        >
          <History aria-hidden />
          History
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Edit ${label}`}
          onClick={() => onEdit(card)}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
        <ToggleActiveButton id={card.id} isActive={card.isActive} label={label} />
        <DeleteButton
          id={card.id}
          label={label}
          question="Are you sure you want to delete this prepaid card?"
        />
      </StackActionsTd>
    </StackTr>
  );
}
