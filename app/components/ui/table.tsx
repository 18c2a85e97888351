import { cn } from "#app/lib/utils.ts";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function Th({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 whitespace-nowrap px-3 text-left align-middle font-semibold text-stone-700",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: React.ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-top", className)} {...props} />;
}

export function Tr({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b border-stone-200", className)} {...props} />;
}

// A stacking table (inside ScrollTable with `stacked`, which makes the @container):
// when its box is narrower than 56rem (a phone, a tablet, a laptop beside the
// sidebar) each row becomes a card of labelled lines with its actions along the
// bottom; wider, it is a table of tight columns whose actions column is pinned
// to the right edge. The breakpoint is the box's width, not the window's, because
// the admin sidebar takes 16rem from 1024 px up.

/** The header row: a table's column names, or only for screen readers when rows are cards. */
export function StackHead({ children }: { children: React.ReactNode }) {
  return (
    <thead className="bg-stone-50 @max-4xl:sr-only">
      <tr className="border-b border-stone-200">{children}</tr>
    </thead>
  );
}

export function StackTh({ className, ...props }: React.ComponentProps<"th">) {
  return <Th scope="col" className={cn("px-2.5", className)} {...props} />;
}

/** The actions column's header, pinned with its cells. */
export function StackActionsTh(props: React.ComponentProps<"th">) {
  return <StackTh className="sticky right-0 bg-stone-50" {...props} />;
}

/** The rows: one card each (two a line from 42rem) when the box is narrow. */
export function StackBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody className={cn("@max-4xl:grid @max-4xl:gap-3 @2xl:grid-cols-2", className)} {...props} />
  );
}

export function StackTr({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("stack-tr", className)} {...props} />;
}

/**
 * A cell that, on a card, shows its column's name beside the value. The name is
 * hidden from screen readers, which hear the (visually hidden) column header.
 * `className` styles the value.
 */
export function StackTd({
  label,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"td">, "className"> & { label: string; className?: string }) {
  return (
    <td className="stack-td" {...props}>
      <span aria-hidden className="stack-td-label">
        {label}
      </span>
      {/* A long unbroken word (a name, an address) wraps rather than widening the table. */}
      <div className={cn("min-w-0 [overflow-wrap:anywhere]", className)}>{children}</div>
    </td>
  );
}

/**
 * An email address that wraps before its @ in a narrow column, and mid-word
 * when a part alone is wider than the column. It never widens the column: give
 * the cell a minimum width (min-w-40) so ordinary addresses break only at the @.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{address}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}

/**
 * The actions cell: pinned to the right edge of a table (so it stays on screen
 * even if a long value pushes the table wider), along the bottom of a card.
 * `columns` 2 sets the buttons two a line in the table.
 */
export function StackActionsTd({
  columns = 1,
  children,
}: {
  columns?: 1 | 2;
  children: React.ReactNode;
}) {
  return (
    <td
      data-cell="actions"
      className="sticky right-0 bg-white px-2.5 py-3 align-top @max-4xl:static @max-4xl:mt-auto @max-4xl:px-0 @max-4xl:pt-2 @max-4xl:pb-1.5"
    >
      <div
        className={cn(
          "flex flex-wrap gap-2 @max-4xl:border-t @max-4xl:border-stone-200 @max-4xl:pt-3 @4xl:grid @4xl:gap-1.5",
          // Never narrower than a button's words.
          columns === 2
            ? "@4xl:grid-cols-[repeat(2,minmax(max-content,1fr))]"
            : "@4xl:grid-cols-[minmax(max-content,1fr)]",
        )}
      >
        {children}
      </div>
    </td>
  );
}
