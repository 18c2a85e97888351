// A table that scrolls sideways on a narrow screen inside a labelled region
// that keyboard users can focus and scroll (WCAG 2.1.1). A `stacked` one is
// built from the Stack* parts of ui/table.tsx: its rows become cards when the
// region is narrow, so it only scrolls if a value cannot wrap at all.
import { cn } from "#app/lib/utils.ts";

export function ScrollTable({
  label,
  stacked = false,
  className,
  children,
}: {
  /** Names the region and the table's caption, e.g. "Payments, newest first". */
  label: string;
  stacked?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const region = (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
      tabIndex={0}
      className={cn(
        "w-full overflow-x-auto rounded-xl border border-stone-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-paddock-700",
        // As cards, the rows are the boxes: the region gives up its own.
        stacked && "@max-4xl:border-0 @max-4xl:bg-transparent",
        className,
      )}
    >
      <table className={cn("w-full caption-bottom text-sm", stacked && "@max-4xl:block")}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
  // The container the Stack* parts measure: the region's own width.
  return stacked ? <div className="@container">{region}</div> : region;
}
