// Said on the dashboard and in Settings until the farm sets its ABN (issue 29):
// without one it may issue receipts only, with no GST on them or in its prices.
import { TriangleAlert } from "lucide-react";

export function AbnNotice() {
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-stone-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>
        <strong>
          No ABN is set, so bookings get receipts, not tax invoices, and prices carry no GST.
        </strong>{" "}
        Set the farm's ABN in the server's environment (<code>SITE_ABN</code>, and{" "}
        <code>SITE_GST_REGISTERED=false</code> if the farm is not registered for GST), then restart
        it.
      </span>
    </p>
  );
}
