// 'Share Link' (spec 2.12): copies a link to this page with the dates and
// guests, through the clipboard when the browser allows it, else by selecting
// the link in a text field the camper can copy from.
import { Share2 } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button.tsx";

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: fall back below.
  }
  // Older browsers and plain-http sites: copy from a hidden selection.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

export function ShareLinkButton({ link, disabled }: { link: string; disabled?: boolean }) {
  const [shown, setShown] = useState<string>();
  const field = useRef<HTMLInputElement>(null);

  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        onClick={async () => {
          if (await copyText(link)) {
            setShown(undefined);
            toast.success("Link Copied", {
              description: "The booking link with your dates and guests is on your clipboard.",
            });
          } else {
            // Nothing could copy: show the link, selected, for the camper to copy.
            setShown(link);
            toast.info("Copy the Link", {
              description: "Your browser did not allow copying. The link is shown below.",
            });
            requestAnimationFrame(() => field.current?.select());
          }
        }}
      >
        <Share2 aria-hidden="true" />
        Share Link
      </Button>
      {shown ? (
        <input
          ref={field}
          readOnly
          value={shown}
          aria-label="Link to share"
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 w-full rounded-md border border-stone-400 bg-stone-50 px-3 text-sm"
        />
      ) : null}
    </div>
  );
}
