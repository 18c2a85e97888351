// The farm's own notice about a booking (a new booking, a camper's change or
// cancellation, a refund or a dispute at the card provider): what happened, then the guest and the stay.
// The guest is its Reply-To, so answering it writes to the camper.
import type { SiteConfig } from "#content/site.ts";
import { paragraphsOf } from "./guest-notice";
import { DetailRows, EmailLayout, LabelledLink, Lines, renderEmail } from "./layout";
import { paymentRows, type StayBooking, stayRows } from "./stay-details";

export type FarmNoticeProps = {
  site: SiteConfig;
  booking: StayBooking & {
    guestFirstName: string;
    guestLastName: string;
    guestEmail: string;
    guestPhone: string | null;
    status: string;
  };
  campsiteName: string;
  /** What happened, in paragraphs of lines ("" between paragraphs); none for a new booking. */
  lines: string[];
  /** The booking in the back office, absolute. */
  adminUrl: string;
};

export function FarmNoticeEmail(props: FarmNoticeProps) {
  const { site, booking } = props;
  const guest = `${booking.guestFirstName} ${booking.guestLastName}`;
  return (
    <EmailLayout site={site} preview={props.lines[0] ?? `New booking from ${guest}`}>
      {paragraphsOf(props.lines).map((paragraph, i) => (
        <Lines key={i} lines={paragraph} strong={i === 0} />
      ))}
      <DetailRows
        rows={[
          {
            label: "Guest",
            value: `${guest}, ${booking.guestEmail}${booking.guestPhone ? `, ${booking.guestPhone}` : ""}`,
            text: `Guest: ${guest} <${booking.guestEmail}>${booking.guestPhone ? `, ${booking.guestPhone}` : ""}`,
          },
          ...stayRows(booking, props.campsiteName),
          ...paymentRows(booking),
          { label: "Status", value: booking.status },
        ]}
      />
      <Lines
        lines={[<LabelledLink key="admin" label="In the back office" href={props.adminUrl} />]}
      />
    </EmailLayout>
  );
}

export const renderFarmNotice = (props: FarmNoticeProps) =>
  renderEmail(<FarmNoticeEmail {...props} />);
