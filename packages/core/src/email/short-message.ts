/**
 * The shop's short e-mails (an order's update, a credit note): a greeting, a few lines, one
 * button, as plain text and as HTML in the shop's colours. Only the links the shop made itself
 * (`linkLine`) become links: a URL inside typed text (a tracking number, a cancellation reason, a
 * quote line) stays text, so nobody can put a link in the shop's name into a customer's inbox.
 */
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';

/** A line that ends in a link the shop made: "Track your parcel: <url>". */
export interface LinkLine {
  text: string;
  url: string;
}

/** A line ending in one of the shop's own links; plain string lines are never linked. */
export function linkLine(text: string, url: string): LinkLine {
  return { text, url };
}

export type MessageLine = string | LinkLine;

export interface ShortMessage {
  shop: ShopConfig;
  to: string;
  subject: string;
  firstName: string;
  /** Paragraphs; empty ones are left out. */
  lines: MessageLine[];
  /** The order's page, as the plain text's last link; none for an e-mail about no order. */
  orderUrl?: string;
  /** The HTML version's button. */
  button: { url: string; label: string };
}

export function shortMessage({ shop, to, subject, firstName, lines: given, orderUrl, button }: ShortMessage): MailMessage {
  const lines = given.filter((line) => (typeof line === 'string' ? line !== '' : line.url !== ''));
  const plain = (line: MessageLine) => (typeof line === 'string' ? line : `${line.text}: ${line.url}`);
  const text = [`Hello ${firstName},`, '', ...lines.flatMap((line) => [plain(line), '']), ...(orderUrl ? [`See your order: ${orderUrl}`, ''] : []), shop.tradingName, ''].join('\n');
  const e = escapeHtml;
  const marked = (line: MessageLine) =>
    typeof line === 'string' ? e(line) : `${e(line.text)}: <a href="${e(line.url)}" style="color:#0f5c63;">${e(line.url)}</a>`;
  const html = emailPage(shop, subject, `<p style="margin:0 0 16px;">Hello ${e(firstName)},</p>
      ${lines.map((line) => `<p style="margin:0 0 12px;">${marked(line)}</p>`).join('\n      ')}
      <p style="margin:16px 0 0;"><a href="${e(button.url)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(button.label)}</a></p>`, 640);
  return { to, subject, text, html };
}

/**
 * The HTML of one of the shop's e-mails: the shop's name in its colours above `body` (HTML,
 * already escaped), in a table `width` pixels wide at most, as mail clients need.
 */
export function emailPage(shop: ShopConfig, subject: string, body: string, width = 560): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${width}px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:20px 24px;background:#0f5c63;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${e(shop.tradingName)}</td></tr>
    <tr><td style="padding:24px;font-size:15px;line-height:1.5;">
      ${body}
    </td></tr>
  </table>
</body>
</html>
`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
