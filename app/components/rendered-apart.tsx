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

/** `items` in groups of `size`, for rendering a long list in turns. */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
