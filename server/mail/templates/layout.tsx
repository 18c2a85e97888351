// The shared look of every email (issue 14): the farm's name on paddock
// green, one column at most 600 px wide, system fonts, readable on a 375 px
// phone. Each message is one component, rendered twice by renderEmail: to
// HTML, and to the plain-text part through html-to-text. The text part is
// what tests and plain mail readers see, so the pieces here are written so
// that their text is exactly the lines the emails have always had:
//   - Lines: one paragraph, a line each, a blank line before and after;
//   - TextLine / ButtonLink / DetailRows: a line of HTML (a button, a row of
//     a table) whose text is given in `data-text`, e.g. "Manage your booking: <url>".
// Each component from its own package: the bundle of them all also loads a
// syntax highlighter and its languages, a tenth of the server's memory.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { SiteConfig } from "#content/site.ts";

type Children = Parameters<typeof Section>[0]["children"];
type Element = Parameters<typeof render>[0];

/** The site's own colours (app/app.css): paddock green, earth brown. */
export const colours = {
  paddock50: "#f4f7ef",
  paddock100: "#e5ecd9",
  paddock700: "#3c5424",
  paddock900: "#243317",
  earth700: "#6f3b1a",
  ink: "#1f2a16",
  muted: "#5b6452",
};

const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const paragraph = { fontSize: "16px", lineHeight: "24px", color: colours.ink, margin: "0 0 16px" };

/** The page around every email: the farm's name, the message, the farm's contact line. */
export function EmailLayout(props: {
  site: SiteConfig;
  /** The line a mail app shows beside the subject; not part of the text. */
  preview: string;
  children: Children;
}) {
  const { site } = props;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: colours.paddock50,
          fontFamily: systemFonts,
          margin: 0,
          padding: "16px 0",
        }}
      >
        <Container
          style={{
            maxWidth: "600px",
            width: "100%",
            backgroundColor: "#ffffff",
            borderRadius: "8px",
            overflow: "hidden",
          }}
        >
          <Section
            data-skip-in-text="true"
            style={{ backgroundColor: colours.paddock900, padding: "20px 24px" }}
          >
            <Link
              href={site.siteUrl}
              style={{
                color: "#ffffff",
                fontSize: "22px",
                fontWeight: 700,
                textDecoration: "none",
              }}
            >
              {site.farmName} Station
            </Link>
          </Section>
          <Section style={{ padding: "24px" }}>{props.children}</Section>
          <Section
            data-skip-in-text="true"
            style={{
              backgroundColor: colours.paddock100,
              padding: "16px 24px",
              fontSize: "13px",
              lineHeight: "20px",
              color: colours.muted,
            }}
          >
            <Text style={{ ...paragraph, fontSize: "13px", lineHeight: "20px", margin: 0 }}>
              {site.farmName} Station · {site.phone} ·{" "}
              <Link href={site.siteUrl} style={{ color: colours.paddock700 }}>
                {site.siteUrl.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** One paragraph of lines: in the text part a line each, with a blank line around it. */
export function Lines(props: { lines: (string | Children)[]; strong?: boolean }) {
  const lines = props.lines.filter((line) => line !== "");
  if (lines.length === 0) return null;
  return (
    <Text style={{ ...paragraph, fontWeight: props.strong ? 700 : 400 }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** A link written out: the address is the link's text, so the text part shows it once. */
export function UrlLink(props: { href: string }) {
  return (
    <Link href={props.href} style={{ color: colours.paddock700, wordBreak: "break-all" }}>
      {props.href}
    </Link>
  );
}

/** "Label: <a>address</a>" in both parts. */
export function LabelledLink(props: { label: string; href: string }) {
  return (
    <>
      {props.label}: <UrlLink href={props.href} />
    </>
  );
}

/** A button; its line in the text part is "Label: address". */
export function ButtonLink(props: { label: string; href: string }) {
  return (
    <Section
      data-text={`${props.label}: ${props.href}`}
      data-text-gap="2"
      style={{ margin: "0 0 16px" }}
    >
      <Button
        href={props.href}
        style={{
          backgroundColor: colours.paddock700,
          color: "#ffffff",
          borderRadius: "6px",
          fontSize: "16px",
          fontWeight: 700,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {props.label}
      </Button>
    </Section>
  );
}

/**
 * Label and value rows (the stay, the price): a two-column table in HTML, a
 * "Label: value" line each in the text part. `text` overrides a row's line.
 */
export function DetailRows(props: {
  rows: { label: string; value: string; strong?: boolean; text?: string }[];
}) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {props.rows.map((row, i) => (
        <Row
          key={i}
          data-text={row.text ?? `${row.label}: ${row.value}`}
          style={{ borderBottom: `1px solid ${colours.paddock100}` }}
        >
          <Column
            style={{
              padding: "6px 8px 6px 0",
              fontSize: "15px",
              lineHeight: "22px",
              color: colours.muted,
              verticalAlign: "top",
            }}
          >
            {/* "Check-in" stays whole on a narrow screen: a non-breaking hyphen. */}
            {row.label.replaceAll("-", "\u2011")}
          </Column>
          <Column
            align="right"
            style={{
              padding: "6px 0",
              fontSize: "15px",
              lineHeight: "22px",
              color: colours.ink,
              fontWeight: row.strong ? 700 : 400,
              textAlign: "right",
              verticalAlign: "top",
            }}
          >
            {row.value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** A heading inside the message (not in the text part, where the lines speak for themselves). */
export function SectionTitle(props: { children: Children }) {
  return (
    <Text
      data-skip-in-text="true"
      style={{
        ...paragraph,
        color: colours.earth700,
        fontSize: "13px",
        fontWeight: 700,
        letterSpacing: "0.06em",
        textTransform: "uppercase",
        margin: "8px 0 4px",
      }}
    >
      {props.children}
    </Text>
  );
}

/**
 * The plain-text part of the elements marked with `data-text`: that text, on
 * its own line (with a blank line around it when `data-text-gap="2"`).
 */
const textLineFormatter = (
  elem: { attribs?: Record<string, string> },
  _walk: unknown,
  builder: {
    openBlock(o: { leadingLineBreaks: number }): void;
    addLiteral(text: string): void;
    closeBlock(o: { trailingLineBreaks: number }): void;
  },
) => {
  const gap = elem.attribs?.["data-text-gap"] === "2" ? 2 : 1;
  builder.openBlock({ leadingLineBreaks: gap });
  builder.addLiteral(elem.attribs?.["data-text"] ?? "");
  builder.closeBlock({ trailingLineBreaks: gap });
};

/** The message's HTML and plain-text parts, from the one component. */
export async function renderEmail(element: Element): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        wordwrap: false,
        formatters: { textLine: textLineFormatter },
        selectors: [{ selector: "[data-text]", format: "textLine" }],
      },
    }),
  ]);
  return { html, text: text.trim() };
}
