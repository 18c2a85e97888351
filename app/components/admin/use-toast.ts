// Shows a toast handed over by a loader or an action exactly once per object.
import { useEffect } from "react";
import { toast } from "sonner";

export type ToastMessage = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
};

/** `id` makes a repeat of the same notice replace the one on screen instead of stacking. */
export function showToast(message: ToastMessage, id?: string) {
  const show =
    message.kind === "error" ? toast.error : message.kind === "info" ? toast.info : toast.success;
  show(message.title, { description: message.description, id });
}

export function useToastOnce(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
