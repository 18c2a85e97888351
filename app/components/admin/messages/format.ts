// How the Messages screen labels emails: status badges, kinds and sizes.
import type { EmailStatus } from "./types";

export const emailStatusBadge: Record<
  EmailStatus,
  { label: string; tone: "amber" | "green" | "red" }
> = {
  pending: { label: "Pending", tone: "amber" },
  sent: { label: "Sent", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

/** "booking-confirmation" -> "Booking confirmation" */
export function kindLabel(kind: string): string {
  const words = kind.replace(/[-_]+/g, " ").trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : "Email";
}

/** 512 -> "512 bytes", 2048 -> "2.0 KB" */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
