/**
 * The e-mail that carries a staff member's set-password link (HTML and plain text): the
 * invitation when the owner adds them on the Staff page, or a new link they asked the owner for.
 * The owner sees the same link on the page, to hand over another way if the e-mail goes astray.
 */
import type { ShopConfig } from '../shop/shop-config.ts';
import { STAFF_ROLE_LABELS, type StaffRole } from '../staff/staff-roles.ts';
import type { MailMessage } from './mailer.ts';
import { emailPage, escapeHtml } from './short-message.ts';

/** Why the link was made: a new member's first password, or a new link for an existing member. */
export type StaffLinkReason = 'invitation' | 'new-link';

export interface StaffLinkEmailInput {
  shop: ShopConfig;
  to: string;
  name: string;
  role: StaffRole;
  reason: StaffLinkReason;
  link: string;
  /** When the link stops working, shown in the shop's time (Europe/London). */
  expiresAt: Date;
}

export function staffLinkEmail({ shop, to, name, role, reason, link, expiresAt }: StaffLinkEmailInput): MailMessage {
  const until = expiresAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
  const subject = reason === 'invitation' ? `Your ${shop.tradingName} back office account` : `A new password link for the ${shop.tradingName} back office`;
  const opening =
    reason === 'invitation'
      ? `You have been added to the ${shop.tradingName} back office as ${STAFF_ROLE_LABELS[role]}. Choose your password with this link:`
      : `Here is a new link to choose your password for the ${shop.tradingName} back office (earlier links no longer work):`;
  const validity = `The link works once, for an hour (until ${until} UK time). If it has expired, ask the shop's owner for a new one.`;
  const caution = 'If you did not expect this e-mail, ignore it and tell the shop: nobody can sign in as you without the link.';

  const text = [`Hello ${name},`, '', opening, '', link, '', validity, caution, '', shop.tradingName, ''].join('\n');

  const e = escapeHtml;
  const html = emailPage(shop, subject, `<p style="margin:0 0 16px;">Hello ${e(name)},</p>
      <p style="margin:0 0 24px;">${e(opening)}</p>
      <p style="margin:0 0 24px;"><a href="${e(link)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Choose your password</a></p>
      <p style="margin:0 0 16px;">${e(validity)} If the button does not work, copy this address into your browser:<br><a href="${e(link)}" style="color:#0f5c63;word-break:break-all;">${e(link)}</a></p>
      <p style="margin:0;">${e(caution)}</p>`);
  return { to, subject, text, html };
}
