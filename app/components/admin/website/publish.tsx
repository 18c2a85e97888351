// The Website screens' Publish button and the preview below their form.
import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";

export function PublishButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" disabled={busy}>
      <Save className="size-4" aria-hidden />
      {busy ? "Publishing…" : "Publish"}
    </Button>
  );
}

/** What the public will see, as the words being typed make it. */
export function Preview({ id, children }: { id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        Preview
      </h2>
      {children}
    </section>
  );
}
