// Links to outside addresses, in a new tab. A module of its own, without the
// site configuration hook, so the islands can use it (decision 0022).

export const NEW_TAB_NOTE_ID = "new-tab-note";

/** Rendered once per page by the layout; external links point at it. */
export function NewTabNote() {
  return (
    <span id={NEW_TAB_NOTE_ID} hidden>
      Opens in a new tab
    </span>
  );
}

export type AnchorProps = Omit<React.ComponentProps<"a">, "href" | "target" | "rel">;

/** A link that opens an outside address in a new tab. */
export function ExternalLink({ href, ...props }: AnchorProps & { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" aria-describedby={NEW_TAB_NOTE_ID} {...props} />
  );
}
