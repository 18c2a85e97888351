// Tapping and dragging the timeline's bars, by mouse, pen or touch (pointer
// events, one set of handlers on the table for every bar and cell). A tap
// opens the stay's details; a drag snaps the bar to whole days and unit rows
// and, dropped somewhere else, goes to the change page with that unit and
// those dates (the same number of nights). Escape cancels a drag. The bar is moved
// through its style alone, so a drag re-renders nothing of a large grid.
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { shiftedStay } from "#domain/rules/timeline.ts";
import { changeStayHref } from "./timeline-links";

/** How far a pointer moves before a press becomes a drag, in CSS pixels. */
const DRAG_THRESHOLD = 6;
/** How close to the box's edge a drag scrolls it, and by how much per move. */
const EDGE = 40;
const EDGE_STEP = 24;

type Drag = {
  bar: HTMLElement;
  pointerId: number;
  startX: number;
  startY: number;
  startScrollLeft: number;
  sourceRow: HTMLTableRowElement;
  dayWidth: number;
  /** The sticky unit names' width: the box's left edge for scrolling. */
  namesWidth: number;
  dragging: boolean;
  target: { row: HTMLTableRowElement; dayShift: number } | null;
};

export function useStayDrag(
  gridRef: React.RefObject<HTMLElement | null>,
  onOpen: (bookingId: string) => void,
) {
  const navigate = useNavigate();
  const swallowClick = useRef(false);
  const stop = useRef<() => void>(() => undefined);
  // A drag in progress when the screen goes away stops listening.
  useEffect(() => () => stop.current(), []);

  const onPointerDown = useCallback(
    (event: React.PointerEvent<HTMLTableElement>) => {
      const box = gridRef.current;
      const started = box ? pressed(box, event) : null;
      if (!box || !started) return;
      stop.current();
      const finish = (drop: boolean) => {
        stop.current();
        if (!started.dragging) return;
        // The click a mouse sends after a drag opens nothing; none comes after a touch drag.
        swallowClick.current = true;
        setTimeout(() => {
          swallowClick.current = false;
        });
        const url = drop ? dropUrl(started) : null;
        if (url) navigate(url);
        else reset(started.bar);
      };
      stop.current = follow(box, started, finish);
    },
    [gridRef, navigate],
  );

  /**
   * A bar opens its details, unless it was just dragged; the grid's other
   * links (Move, a run of empty nights) go on without reloading the page, as a
   * React Router link would. A link opened in a new tab is the browser's.
   */
  const onClick = useCallback(
    (event: React.MouseEvent<HTMLTableElement>) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
      if (!link) return;
      const dragged = swallowClick.current;
      swallowClick.current = false;
      if (dragged) return event.preventDefault();
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const stayId = link.dataset.stayId;
      if (stayId) onOpen(stayId);
      else navigate(link.getAttribute("href") ?? "");
    },
    [onOpen, navigate],
  );

  return { onPointerDown, onClick };
}

/** A press on a bar with the primary button: the drag it may become. */
function pressed(box: HTMLElement, event: React.PointerEvent): Drag | null {
  const bar = (event.target as Element).closest<HTMLElement>("a[data-stay-id]");
  const sourceRow = bar?.closest<HTMLTableRowElement>("tr[data-unit-id]");
  if (!bar || !sourceRow || !event.isPrimary || event.button !== 0) return null;
  return {
    bar,
    pointerId: event.pointerId,
    startX: event.clientX,
    startY: event.clientY,
    startScrollLeft: box.scrollLeft,
    sourceRow,
    dayWidth: box.querySelector("th[data-day]")?.getBoundingClientRect().width || 44,
    namesWidth: box.querySelector("thead th")?.getBoundingClientRect().width ?? 0,
    dragging: false,
    target: null,
  };
}

/**
 * Follows the pointer until it is lifted (a drop), cancelled or Escape is
 * pressed; returns what stops following.
 */
function follow(box: HTMLElement, d: Drag, finish: (drop: boolean) => void): () => void {
  const move = (e: PointerEvent) => {
    if (e.pointerId === d.pointerId) snap(box, d, e);
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId === d.pointerId) finish(true);
  };
  const cancel = () => finish(false);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") finish(false);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
  window.addEventListener("keydown", onKey);
  return () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    window.removeEventListener("keydown", onKey);
  };
}

/** Once past the threshold, the bar snaps to the day and the row under the pointer. */
function snap(box: HTMLElement, d: Drag, event: PointerEvent) {
  const dx = event.clientX - d.startX;
  const dy = event.clientY - d.startY;
  if (!d.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
  d.dragging = true;
  d.bar.dataset.dragging = "";
  scrollNearEdge(box, event, d.namesWidth);
  const scrolledX = box.scrollLeft - d.startScrollLeft;
  const dayShift = Math.round((dx + scrolledX) / d.dayWidth);
  const row = rowAt(box, event.clientY) ?? d.target?.row ?? d.sourceRow;
  d.target = { row, dayShift };
  const rowShift = row.getBoundingClientRect().top - d.sourceRow.getBoundingClientRect().top;
  // The bar scrolls with the grid: shifting it by whole days and rows is enough.
  d.bar.style.transform = `translate(${dayShift * d.dayWidth}px, ${rowShift}px)`;
}

/** The change page for where the bar was dropped, or null when it is where it started. */
function dropUrl(d: Drag): string | null {
  const { target, bar } = d;
  const unitId = target?.row.dataset.unitId;
  const campsiteId = target?.row.dataset.campsiteId;
  const { stayId, checkIn, checkOut } = bar.dataset;
  if (!target || !unitId || !campsiteId || !stayId || !checkIn || !checkOut) return null;
  if (target.dayShift === 0 && target.row === d.sourceRow) return null;
  return changeStayHref(stayId, {
    campsiteId,
    unitId,
    ...shiftedStay({ checkIn, checkOut }, target.dayShift),
  });
}

function reset(bar: HTMLElement) {
  bar.style.transform = "";
  delete bar.dataset.dragging;
}

/** The unit row under the pointer's height, if any. */
function rowAt(box: HTMLElement, y: number): HTMLTableRowElement | null {
  for (const row of box.querySelectorAll<HTMLTableRowElement>("tr[data-unit-id]")) {
    const r = row.getBoundingClientRect();
    if (y >= r.top && y < r.bottom) return row;
  }
  return null;
}

/** Scrolls the box when a drag nears its edge, so a bar can travel past what is in view. */
function scrollNearEdge(box: HTMLElement, event: PointerEvent, namesWidth: number) {
  const r = box.getBoundingClientRect();
  if (event.clientX > r.right - EDGE) box.scrollLeft += EDGE_STEP;
  else if (event.clientX < r.left + namesWidth + EDGE) box.scrollLeft -= EDGE_STEP;
  if (event.clientY > r.bottom - EDGE) box.scrollTop += EDGE_STEP;
  else if (event.clientY < r.top + EDGE) box.scrollTop -= EDGE_STEP;
}
