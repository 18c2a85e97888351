// A check-in or check-out mark, or its undo: a small form posting to the
// Today screen's action. The label names the guest, so each button is unique:
// 'Check in Sarah Mitchell', 'Undo check-in for Sarah Mitchell'.
import { LogIn, LogOut, Undo2 } from "lucide-react";
import { useFetcher } from "react-router";
import { useAnswer } from "#app/components/admin/use-answer.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/action-answer.ts";
import type { StayMark } from "#domain/rules/today.ts";

export function MarkButton({
  bookingId,
  guestName,
  day,
  mark,
  marked,
}: {
  bookingId: string;
  guestName: string;
  day: string;
  mark: StayMark;
  /** Whether the mark is set: the button then undoes it. */
  marked: boolean;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useAnswer(fetcher);
  const verb = mark === "check-in" ? "Check in" : "Check out";
  const Icon = marked ? Undo2 : mark === "check-in" ? LogIn : LogOut;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="bookingId" value={bookingId} />
      <input type="hidden" name="day" value={day} />
      <input type="hidden" name="mark" value={mark} />
      <input type="hidden" name="done" value={marked ? "false" : "true"} />
      <Button
        type="submit"
        size="sm"
        variant={marked ? "outline" : "default"}
        disabled={fetcher.state !== "idle"}
        aria-label={marked ? `Undo ${mark} for ${guestName}` : `${verb} ${guestName}`}
      >
        <Icon aria-hidden />
        {marked ? "Undo" : verb}
      </Button>
    </fetcher.Form>
  );
}
