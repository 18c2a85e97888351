// The owner's switch on the Staff screen (decision 0018): require two-factor
// sign-in of everyone. Whoever has not set it up is sent to their account
// page before any other admin screen.
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";

export function RequireTwoFactorForm({ required }: { required: boolean }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "require-two-factor" });
  useAnswer(fetcher);
  return (
    <Card className="mb-6 p-5">
      <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
      <p className="mt-1 text-sm text-stone-700">
        When required, anyone without it (you included) must set it up on their account page before
        using any other screen.
      </p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="require-two-factor" />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            key={String(required)}
            type="checkbox"
            name="required"
            defaultChecked={required}
            className="size-4 shrink-0 accent-paddock-700"
          />
          Require two-factor sign-in for everyone
        </label>
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          Save
        </Button>
      </fetcher.Form>
    </Card>
  );
}
