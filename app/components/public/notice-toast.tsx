// The toast a form's answer hands over on a page without React Router's
// scripts (the password and invitation pages, decision 0022): shown once the
// page is alive, for 5000 ms, as sonner shows it in the app (spec section 4).
import { useEffect } from "react";
import type { ToastMessage } from "#app/components/admin/use-toast.ts";
import { useToast } from "./toast";

export default function NoticeToast({ message }: { message: ToastMessage | null }) {
  const [region, show] = useToast();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, as the server answered.
  useEffect(() => {
    if (message) show(message);
  }, []);
  return region;
}
