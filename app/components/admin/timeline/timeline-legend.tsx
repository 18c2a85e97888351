// The timeline's legend: what a bar's colour says, the two kinds of closed
// night, the check-in marks, and what tapping, dragging and the cells do.
const swatches = [
  { label: "Paid", className: "border-green-700 bg-green-100" },
  { label: "Confirmed", className: "border-blue-700 bg-blue-100" },
  { label: "Pending (held)", className: "border-dashed border-amber-700 bg-amber-50" },
  {
    label: "Blocked by the farm",
    className:
      "border-stone-500 bg-[repeating-linear-gradient(135deg,var(--color-stone-200)_0_4px,var(--color-stone-100)_4px_8px)]",
  },
  {
    label: "Closed by an imported calendar",
    className: "border-dashed border-violet-700 bg-violet-50",
  },
];

export function TimelineLegend() {
  return (
    <div className="flex flex-col gap-2 text-sm text-stone-800">
      <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Legend">
        {swatches.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span aria-hidden className={`h-4 w-6 rounded border ${s.className}`} />
            {s.label}
          </li>
        ))}
        <li>
          <b>In</b>, <b>Out</b>: checked in, checked out
        </li>
        <li>
          <b className="text-red-800">!</b> Also closed on a night of the stay
        </li>
      </ul>
      <p className="text-stone-700">
        Tap a stay for its details. Drag it to another site or other dates to move it, or use its
        Move link. Select an empty day to start a booking there.
      </p>
    </div>
  );
}
