// How the admin screens label nights and booking statuses.

export const nightsLabel = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

export const statusLabels: Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  confirmed: "Confirmed",
  expired: "Expired",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export const statusTones = {
  pending: "amber",
  paid: "green",
  confirmed: "blue",
  expired: "neutral",
  refunded: "neutral",
  cancelled: "red",
} as const satisfies Record<string, "neutral" | "green" | "blue" | "red" | "amber">;
