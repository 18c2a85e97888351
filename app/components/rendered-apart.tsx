// A long page rendered in turns on the server (issue 32, item 3): a
// three-year report is thousands of elements, about 25 ms of the server's
// thread in one go, and every other request waits behind it. Each part wrapped
// here is rendered in a later turn of the event loop, so the requests that
// arrived meanwhile are answered first. The server sends the whole page at
// once all the same (entry.server.tsx waits for all of it), and the browser
// renders the parts at once: the page is the same, with or without scripts.
import { type ReactNode, Suspense, use } from "react";

const onServer = typeof document === "undefined";

/** Resolved once the work waiting now has had its turn. */
const afterWaitingWork = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Its children, once `turn` has come: the render waits (suspends) until then. */
function Later({ turn, children }: { turn: Promise<void>; children: ReactNode }) {
  use(turn);
  return children;
}

/** Renders `children` in a turn of its own on the server; nothing changes in the browser. */
export function RenderedApart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {onServer ? <Later turn={afterWaitingWork()}>{children}</Later> : children}
    </Suspense>
  );
}

/** Rows rendered in one turn of the server's thread: a table of many is rendered in several. */
const ROWS_PER_TURN = 10;

/** `rows`, each drawn by `row` with its index, rendered ROWS_PER_TURN at a time. */
export function RowsInTurns<T>({
  rows,
  row,
}: {
  rows: readonly T[];
  row: (item: T, index: number) => ReactNode;
}) {
  const groups: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_TURN)
    groups.push(rows.slice(i, i + ROWS_PER_TURN));
  return groups.map((group, g) => (
    <RenderedApart key={g}>
      {group.map((item, k) => row(item, g * ROWS_PER_TURN + k))}
    </RenderedApart>
  ));
}
