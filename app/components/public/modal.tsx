// A modal on the native <dialog> element (no library on the public pages):
// the page behind is inert, Escape and a click on the backdrop close it, and
// focus goes back to whatever opened it.
import { useLayoutEffect, useRef } from "react";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
  children: React.ReactNode;
};

export function Modal({ open, onClose, labelledBy, className, onKeyDown, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Opened in the commit that renders it: an island's plain effects wait for the
  // next frame, and a key pressed meanwhile would reach the page behind.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Tab and Shift+Tab wrap around inside the dialog instead of leaving for the browser's UI.
  const trapTab = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || !ref.current) return;
    const focusable = ref.current.querySelectorAll<HTMLElement>(
      'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Whatever closes the dialog, focus returns to its opener. The close event
  // comes a task later, and a tap may open the dialog again first (the browser
  // runs input before queued events): a stale close then leaves it open.
  const handleClose = () => {
    if (ref.current?.open) return;
    onClose();
    opener.current?.focus();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={className}
      onClose={handleClose}
      onCancel={(event) => {
        event.preventDefault();
        ref.current?.close();
      }}
      onKeyDown={(event) => {
        trapTab(event);
        onKeyDown?.(event);
      }}
      // A click on the dialog element itself or on an element marked data-backdrop
      // (never on the content) is a click on the backdrop.
      onClick={(event) => {
        const target = event.target as HTMLElement;
        if (target === event.currentTarget || target.dataset.backdrop !== undefined) {
          ref.current?.close();
        }
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
