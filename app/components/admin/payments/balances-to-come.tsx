// The deposit bookings whose balance is still to come (issue 31), soonest due
// first: what is owed, when, and where the kept card's charge stands.
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { StackBody, StackHead, StackTd, StackTh, StackTr } from "#app/components/ui/table.tsx";
import type { BalanceToCome } from "#domain/api/money-figures.ts";
import { formatDay } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { balanceStandingWords } from "#domain/rules/deposits.ts";

export function BalancesToCome({ balances }: { balances: BalanceToCome[] }) {
  return (
    <section aria-labelledby="balances-to-come" className="mb-8">
      <h2 id="balances-to-come" className="mb-1 text-lg font-semibold text-stone-900">
        Balances to come
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        Deposit bookings still owing before their stay, soonest due first.
      </p>
      {balances.length === 0 ? (
        <p className="text-sm text-stone-700">No balance is waiting to be paid.</p>
      ) : (
        <ScrollTable label="Balances to come, soonest due first" stacked>
          <StackHead>
            <StackTh>Booking</StackTh>
            <StackTh>Guest</StackTh>
            <StackTh>Arrives</StackTh>
            <StackTh>Due</StackTh>
            <StackTh>Owed</StackTh>
            <StackTh>Where it stands</StackTh>
          </StackHead>
          <StackBody>
            {balances.map((b) => (
              <StackTr key={b.bookingId}>
                <StackTd label="Booking" className="whitespace-nowrap font-mono">
                  {b.bookingReference}
                </StackTd>
                <StackTd label="Guest">
                  <div className="font-medium">{b.guestName}</div>
                  <div className="text-stone-700">{b.campsiteName}</div>
                </StackTd>
                <StackTd label="Arrives">{formatDay(b.checkIn)}</StackTd>
                <StackTd label="Due">{formatDay(b.dueOn)}</StackTd>
                <StackTd label="Owed" className="whitespace-nowrap font-semibold">
                  {formatMoney(b.owedCents)}
                </StackTd>
                <StackTd label="Where it stands">{balanceStandingWords(b.standing)}</StackTd>
              </StackTr>
            ))}
          </StackBody>
        </ScrollTable>
      )}
    </section>
  );
}
