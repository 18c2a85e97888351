// One group of the printed run sheet: a table with an empty box to tick on
// paper, the guest and reference, the site, the party, extras, phone and
// what is left to pay.
import type { TodayBooking } from "#domain/api/admin-today.ts";
import { balanceLabel, partyLabel } from "./labels";

export function RunSheetGroup({
  title,
  tick,
  mark,
  stays,
}: {
  title: string;
  /** The heading of the tick-box column: 'In', 'Out'. */
  tick: string;
  /** The mark already saved, printed ticked. */
  mark?: "checkedInAt" | "checkedOutAt";
  stays: TodayBooking[];
}) {
  return (
    <section className="mb-5 break-inside-avoid print:mb-3">
      <h2 className="mb-1 text-lg font-bold print:text-sm">
        {title} ({stays.length})
      </h2>
      {stays.length === 0 ? (
        <p className="text-sm">None.</p>
      ) : (
        // A narrow screen scrolls the table inside its box, as the admin tables do.
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse text-left text-sm print:text-[11px]">
            <thead>
              <tr className="border-b border-stone-900">
                <th scope="col" className="w-10 py-1 pr-2">
                  {tick}
                </th>
                <th scope="col" className="py-1 pr-2">
                  Guest
                </th>
                <th scope="col" className="py-1 pr-2">
                  Site
                </th>
                <th scope="col" className="py-1 pr-2">
                  Party
                </th>
                <th scope="col" className="py-1 pr-2">
                  Extras
                </th>
                <th scope="col" className="py-1 pr-2">
                  Phone
                </th>
                <th scope="col" className="py-1">
                  To pay
                </th>
              </tr>
            </thead>
            <tbody>
              {stays.map((s) => (
                <tr key={s.id} className="break-inside-avoid border-b border-stone-300 align-top">
                  <td className="py-1.5 pr-2">
                    <TickBox done={mark ? s[mark] !== null : false} />
                  </td>
                  <td className="py-1.5 pr-2">
                    <span className="font-semibold">{s.guestName}</span>
                    <br />
                    <span className="font-mono text-xs">{s.bookingReference}</span>
                    {s.notes.map((note) => (
                      <span key={note} className="block text-xs">
                        {note}
                      </span>
                    ))}
                  </td>
                  <td className="py-1.5 pr-2">
                    {s.campsiteName} · {s.unitName}
                  </td>
                  <td className="py-1.5 pr-2">{partyLabel(s)}</td>
                  <td className="py-1.5 pr-2">{s.extras.join(", ") || "–"}</td>
                  <td className="whitespace-nowrap py-1.5 pr-2">{s.phone ?? "–"}</td>
                  <td className="py-1.5">{balanceLabel(s.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A box drawn for a pen, ticked when the screen already has the mark. */
function TickBox({ done }: { done: boolean }) {
  return (
    <span
      role="img"
      aria-label={done ? "Ticked" : "Box to tick"}
      className="inline-flex size-4 items-center justify-center border-2 border-stone-900 text-[10px] font-bold"
    >
      {done ? "✓" : ""}
    </span>
  );
}
