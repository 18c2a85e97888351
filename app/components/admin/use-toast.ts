// Shows a toast handed over by a loader or an action exactly once per object.
import { useEffect } from "react";
import { toast } from "sonner";

export type ToastMessage = {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
};

export function showToast(message: ToastMessage) {
  const show =
    message.kind === "error" ? toast.error : message.kind === "info" ? toast.info : toast.success;
  show(message.title, { description: message.description });
}

export function useToastOnce(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
