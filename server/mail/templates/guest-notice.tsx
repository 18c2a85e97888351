// A notice to the guest about their booking (a refund, a cancellation, the
// booking's status): the greeting, what happened, the stay with what was
// paid, and how to reach the farm.
import type { SiteConfig } from "#content/site.ts";
import { EmailLayout, Lines, renderEmail } from "./layout";
import { type StayBooking, StayDetails } from "./stay-details";

export type GuestNoticeProps = {
  site: SiteConfig;
  booking: StayBooking & { guestFirstName: string };
  campsiteName: string;
  /** What happened, in paragraphs of lines ("" between paragraphs). */
  lines: string[];
};

/** ["a", "", "b", "c"] -> [["a"], ["b", "c"]] */
export function paragraphsOf(lines: string[]): string[][] {
  const paragraphs: string[][] = [[]];
  for (const line of lines) {
    if (line === "") paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]?.push(line);
  }
  return paragraphs.filter((p) => p.length > 0);
}

export function GuestNoticeEmail(props: GuestNoticeProps) {
  const { site, booking } = props;
  const [first, ...rest] = paragraphsOf(props.lines);
  return (
    <EmailLayout site={site} preview={first?.[0] ?? `Booking ${booking.bookingReference}`}>
      <Lines lines={[`Hi ${booking.guestFirstName},`]} />
      {first && <Lines lines={first} strong />}
      {rest.map((paragraph, i) => (
        <Lines key={i} lines={paragraph} />
      ))}
      <StayDetails booking={booking} campsiteName={props.campsiteName} />
      <Lines
        lines={[
          `Questions? Call us on ${site.phone} or reply to this email.`,
          `${site.farmName} Station`,
        ]}
      />
    </EmailLayout>
  );
}

export const renderGuestNotice = (props: GuestNoticeProps) =>
  renderEmail(<GuestNoticeEmail {...props} />);
