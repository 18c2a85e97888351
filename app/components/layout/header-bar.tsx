// The fixed header of spec 2.2: logo, menu, BOOK NOW. Below 1024 px the menu
// collapses into a panel that closes on an item click, Escape (focus returns
// to the toggle) or a click outside. The panel is a popover the toggle opens
// by itself (`popovertarget`), so the first tap works before the island's
// script has loaded, or without it (issue 30, item 8); the island only adds
// the toggle's label and icon, and closes the panel on an item click. Past
// 50 px of scroll the header gains a shadow and a solid background. An island
// (decision 0022): plain links, the current page computed once from `path`,
// explicit ids (React and Preact would make different useId values).
import { useEffect, useRef, useState } from "react";
import { ExternalLink } from "#app/components/public/external-link.tsx";
import { headerNavigation, type NavigationItem } from "#content/navigation.ts";
import { LogoMark } from "./logo";

export const SCROLL_THRESHOLD_PX = 50;
const PANEL_ID = "site-menu-panel";

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const itemClass =
  "rounded-md px-3 py-2 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white";
const activeItemClass = `${itemClass} bg-white/15 text-white`;

type ItemProps = {
  item: NavigationItem;
  current: boolean;
  bookingHref: string;
  onSelect?: () => void;
};

function MenuItem({ item, current, bookingHref, onSelect }: ItemProps) {
  if (item.external) {
    return (
      <ExternalLink href={bookingHref} className={itemClass} onClick={onSelect}>
        {item.name}
      </ExternalLink>
    );
  }
  return (
    <a
      href={item.path}
      onClick={onSelect}
      aria-current={current ? "page" : undefined}
      className={current ? activeItemClass : itemClass}
    >
      {item.name}
    </a>
  );
}

/** Three bars, or a cross while the panel is open (drawn inline to keep the page light). */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export type HeaderBarProps = {
  /** The site's name in the logo, e.g. "Rocky Creek Station". */
  title: string;
  /** The external booking listing (BOOK NOW and the Camping item). */
  bookingHref: string;
  /** The path shown, for the current menu item. */
  path: string;
};

export default function HeaderBar({ title, bookingHref, path }: HeaderBarProps) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [open, setOpen] = useState(false);
  // Until the island runs, the browser itself says whether the popover is open.
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  const panelRef = useRef<HTMLElement>(null);

  // The browser opens and closes the popover (toggle, Escape, a tap outside):
  // follow it, from the state a tap before the island left it in.
  useEffect(() => {
    const panel = panelRef.current;
    setOpen(panel?.matches(":popover-open") ?? false);
    const follow = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    panel?.addEventListener("toggle", follow);
    return () => panel?.removeEventListener("toggle", follow);
  }, []);

  // In the React Router app a navigation (back button included) changes the
  // path without a new document: it closes the panel. Not when the island
  // starts: a menu opened by a tap before it stays open.
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    if (panelRef.current?.matches(":popover-open")) panelRef.current.hidePopover();
  }, [path]);

  // A browser without popovers (Safari before 17) shows the panel as plain HTML: the island toggles it.
  const popovers = alive && "popover" in HTMLElement.prototype;
  const close = () => (popovers ? panelRef.current?.hidePopover() : setOpen(false));
  const items = (onSelect?: () => void) =>
    headerNavigation.map((item) => (
      <li key={item.name} className={onSelect ? "flex flex-col" : undefined}>
        <MenuItem
          item={item}
          current={!item.external && item.path === path}
          bookingHref={bookingHref}
          onSelect={onSelect}
        />
      </li>
    ));

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 text-white transition-shadow duration-300 ${
        scrolled ? "bg-header shadow-lg shadow-black/40" : "bg-header/95"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a
          href="/"
          className="flex items-center gap-2 rounded-md font-bold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <LogoMark className="size-10" />
          <span className="text-base leading-tight sm:text-lg">{title}</span>
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">{items()}</ul>
        </nav>

        <div className="flex items-center gap-2">
          <ExternalLink
            href={bookingHref}
            className="whitespace-nowrap rounded-md bg-earth-700 px-3 py-2 text-sm font-bold tracking-wide sm:px-4 text-white hover:bg-earth-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            BOOK NOW
          </ExternalLink>
          <button
            type="button"
            popoverTarget={PANEL_ID}
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white lg:hidden"
            aria-expanded={alive ? open : undefined}
            aria-controls={PANEL_ID}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => {
              if (!popovers) setOpen((value) => !value);
            }}
          >
            <MenuIcon open={open} />
          </button>
        </div>
      </div>

      <nav
        ref={panelRef}
        id={PANEL_ID}
        aria-label="Main"
        popover="auto"
        hidden={alive && !popovers ? !open : undefined}
        // A popover sits in the top layer, fixed: placed under the bar, the page's width.
        className="inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-t border-white/15 bg-header p-0 text-white lg:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">{items(close)}</ul>
      </nav>
    </header>
  );
}
