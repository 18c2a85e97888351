// The Staff screen's people: the owner and staff, with two-factor, sessions and
// the owner's actions on a staff member (end sessions, remove, each confirmed);
// a table from 56rem, labelled cards below.
import { LogOut, UserMinus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/catalogue/confirm-dialog.tsx";
import { ScrollTable } from "#app/components/admin/catalogue/scroll-table.tsx";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Badge } from "#app/components/ui/card.tsx";
import {
  EmailAddress,
  StackActionsTd,
  StackActionsTh,
  StackBody,
  StackHead,
  StackTd,
  StackTh,
  StackTr,
} from "#app/components/ui/table.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import { formatFarmDateTime } from "#domain/format/dates.ts";

export type MemberView = {
  userId: string;
  email: string;
  name: string;
  role: "owner" | "staff";
  twoFactorEnabled: boolean;
  activeSessions: number;
  lastActiveAt: string | Date | null;
};

type Pending = { member: MemberView; intent: "remove" | "end-sessions" };

export function TeamTable({ members }: { members: MemberView[] }) {
  const fetcher = useFetcher<ActionAnswer>({ key: "staff-person" });
  const [pending, setPending] = useState<Pending | null>(null);
  useAnswer(fetcher, () => setPending(null));
  const confirm = () => {
    if (!pending) return;
    fetcher.submit({ intent: pending.intent, userId: pending.member.userId }, { method: "post" });
  };
  return (
    <>
      <ScrollTable label="People who can use the back office" stacked>
        <StackHead>
          <StackTh>Name</StackTh>
          <StackTh>Email</StackTh>
          <StackTh>Role</StackTh>
          <StackTh>Two-factor</StackTh>
          <StackTh>Signed in</StackTh>
          <StackActionsTh>Actions</StackActionsTh>
        </StackHead>
        <StackBody>
          {members.map((m) => (
            <StackTr key={m.userId}>
              <StackTd label="Name" className="font-medium">
                {m.name}
              </StackTd>
              <StackTd label="Email" className="@4xl:min-w-40">
                <EmailAddress address={m.email} />
              </StackTd>
              <StackTd label="Role">
                <Badge tone={m.role === "owner" ? "blue" : "neutral"}>
                  {m.role === "owner" ? "Owner" : "Staff"}
                </Badge>
              </StackTd>
              <StackTd label="Two-factor">
                {m.twoFactorEnabled ? (
                  <Badge tone="green">On</Badge>
                ) : (
                  <Badge tone="amber">Off</Badge>
                )}
              </StackTd>
              <StackTd label="Signed in">
                {m.activeSessions === 0
                  ? "Not signed in"
                  : `${m.activeSessions} ${m.activeSessions === 1 ? "session" : "sessions"}`}
                {m.lastActiveAt ? (
                  <div className="text-xs text-stone-700">
                    Last active {formatFarmDateTime(m.lastActiveAt)}
                  </div>
                ) : null}
              </StackTd>
              <StackActionsTd columns={2}>
                {m.role === "staff" ? (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={m.activeSessions === 0}
                      onClick={() => setPending({ member: m, intent: "end-sessions" })}
                    >
                      <LogOut aria-hidden />
                      End sessions<span className="sr-only"> of {m.email}</span>
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setPending({ member: m, intent: "remove" })}
                    >
                      <UserMinus aria-hidden />
                      Remove<span className="sr-only"> {m.email}</span>
                    </Button>
                  </>
                ) : (
                  <span className="text-xs text-stone-700">The owner</span>
                )}
              </StackActionsTd>
            </StackTr>
          ))}
        </StackBody>
      </ScrollTable>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending?.intent === "remove"
            ? `Remove ${pending.member.email}?`
            : `Sign ${pending?.member.email ?? ""} out everywhere?`
        }
        description={
          pending?.intent === "remove"
            ? "They are signed out at once and can no longer open the back office. Their past actions stay in the audit log."
            : "Every session of theirs ends now; they can sign in again."
        }
        confirmLabel={pending?.intent === "remove" ? "Remove" : "End sessions"}
        onConfirm={confirm}
        busy={fetcher.state !== "idle"}
      />
    </>
  );
}
