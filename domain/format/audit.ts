// How an audit entry reads on screen: its action in words and its details as
// short "name: value" lines (the log keeps them as codes and JSON).

/** "booking.cancelled" -> "Booking cancelled"; "staff.sessions_ended" -> "Staff sessions ended". */
export function auditActionLabel(action: string): string {
  const words = action.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The details as lines, each value at most `max` characters. */
export function auditDetailLines(details: Record<string, unknown>, max = 120): string[] {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return `${labelOf(key)}: ${text.length > max ? `${text.slice(0, max - 1)}…` : text}`;
    });
}

/** "refundAmountCents" -> "refund amount cents". */
function labelOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}
