// The toast of a form's answer, as an island (decision 0022): nothing, and no
// script, until an answer carries one.
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { Island } from "#app/islands/island.tsx";
import NoticeToast from "./notice-toast";

export function AnswerToast({ toast }: { toast?: ToastMessage | null }) {
  if (!toast) return null;
  return <Island name="notice-toast" component={NoticeToast} props={{ message: toast }} />;
}
