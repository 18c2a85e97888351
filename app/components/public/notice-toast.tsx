// The toast a form's answer hands over on a page without React Router's
// scripts (the password and invitation pages, decision 0022): shown once the
// page is alive, for 5000 ms, as sonner shows it in the app (spec section 4).
// Where the React Router app renders the page, each new answer shows its own.
import { useEffect } from "react";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { useToast } from "./toast";

export default function NoticeToast({ message }: { message: ToastMessage }) {
  const [region, show] = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; `show` is new each render.
  useEffect(() => show(message), [message]);
  return region;
}
