// The Calendar sync screen's export URLs: one for the whole campsite and one
// per unit, each with Copy and Regenerate (after a confirmation, since the
// old URL stops working).
import { Copy, Link2, RefreshCw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "#app/components/admin/catalogue/confirm-dialog.tsx";
import { useToastOnce } from "#app/components/admin/use-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { ExportLink } from "#domain/api/calendar-sync.ts";

export function ExportUrls({ links }: { links: ExportLink[] }) {
  return (
    <section aria-labelledby="export-heading">
      <Card>
        <CardHeader>
          <CardTitle id="export-heading" className="flex items-center gap-2">
            <Link2 className="size-5" aria-hidden />
            Export URLs
          </CardTitle>
          <p className="text-sm text-stone-700">
            Paste a URL into another listing's calendar import. It lists booked and blocked nights
            only, never guests' details. Use the campsite's URL for a listing that sells the whole
            campsite, or a unit's URL for a listing that sells that one spot. Keep them private;
            regenerate one if it was shared by mistake.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-4">
            {links.map((link) => (
              <ExportUrlRow key={`${link.kind}-${link.id}`} link={link} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}

function ExportUrlRow({ link }: { link: ExportLink }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const fetcher = useFetcher<ActionAnswer>();
  const [confirming, setConfirming] = useState(false);
  useToastOnce(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setConfirming(false);
  }, [fetcher.state, fetcher.data]);
  const label = link.kind === "campsite" ? `${link.name} (whole campsite)` : link.name;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success("Calendar URL copied", { description: label });
    } catch {
      // No clipboard (an insecure origin, say): select the text so it can be copied by hand.
      inputRef.current?.select();
      toast.info("Select and copy the URL", { description: "It is highlighted in the field." });
    }
  }

  return (
    <li className="flex flex-col gap-2">
      <Label htmlFor={inputId}>
        {label}
        {link.isActive ? "" : " (inactive)"}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={inputRef}
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={copy}
            aria-label={`Copy URL of ${label}`}
          >
            <Copy aria-hidden />
            Copy
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => setConfirming(true)}
            aria-label={`Regenerate URL of ${label}`}
          >
            <RefreshCw aria-hidden />
            Regenerate
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate this calendar URL?"
        description={`The current URL of ${label} stops working at once. Every listing that imports it needs the new one.`}
        confirmLabel="Regenerate URL"
        busy={fetcher.state !== "idle"}
        onConfirm={() =>
          fetcher.submit(
            { intent: "regenerate-url", kind: link.kind, targetId: link.id },
            { method: "post" },
          )
        }
      />
    </li>
  );
}
