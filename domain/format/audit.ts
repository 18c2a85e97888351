// How an audit entry's action reads on screen (the log keeps it as a code);
// its record and details in words are audit-record.ts and audit-entry.ts.

/** "booking.cancelled" -> "Booking cancelled"; "staff.sessions_ended" -> "Staff sessions ended". */
export function auditActionLabel(action: string): string {
  const words = action.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
