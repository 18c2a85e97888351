// The invitations not yet used, each with Withdraw.
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { EmailAddress } from "#app/components/ui/table.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";

export type InvitationView = { id: string; email: string; expiresAt: string | Date };

export function InvitationList({ invitations }: { invitations: InvitationView[] }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "staff-revoke" });
  useAnswer(fetcher);
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="mt-6">
      <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
        Open invitations
      </h2>
      <ul className="flex flex-col gap-2">
        {invitations.map((i) => (
          <li key={i.id}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium">
                  <EmailAddress address={i.email} />
                </p>
                <p className="text-sm text-stone-700">
                  Link valid until {formatFarmDateTime(i.expiresAt)}
                </p>
              </div>
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="invitationId" value={i.id} />
                <Button type="submit" variant="outline" size="sm">
                  Withdraw<span className="sr-only"> the invitation to {i.email}</span>
                </Button>
              </fetcher.Form>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
