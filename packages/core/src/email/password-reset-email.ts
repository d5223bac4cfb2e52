/** The password reset e-mail (HTML and plain text), signed with the shop's details from configuration. */
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './short-message.ts';

/**
 * Why the customer gets a link to choose a password: they asked (forgot password), or staff
 * opened an account for them with a phone order and they have never had a password.
 */
export type PasswordLinkReason = 'forgot' | 'account-opened' | 'company-invite';

/** Who invited the member into which company, as the invitation says it (companies/companies.ts). */
export interface CompanyInvitation {
  company: string;
  /** The company admin's name; null when staff invited them. */
  invitedBy: string | null;
  role: string;
}

export interface PasswordResetEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  resetUrl: string;
  validForMinutes: number;
  reason?: PasswordLinkReason;
  invitation?: CompanyInvitation;
}

export function passwordResetEmail({ shop, to, firstName, resetUrl, validForMinutes, reason = 'forgot', invitation }: PasswordResetEmailInput): MailMessage {
  const validFor =
    validForMinutes % (24 * 60) === 0 ? plural(validForMinutes / (24 * 60), 'day') : validForMinutes % 60 === 0 ? plural(validForMinutes / 60, 'hour') : plural(validForMinutes, 'minute');
  const invited = reason === 'company-invite' && invitation !== undefined;
  const opened = reason === 'account-opened' || invited;
  const subject = invited
    ? `You are invited to order for ${invitation.company} at ${shop.tradingName}`
    : opened
      ? `Your ${shop.tradingName} account: choose a password`
      : `Reset your ${shop.tradingName} password`;
  const why = invited
    ? `${invitation.invitedBy ?? shop.tradingName} invited you to ${invitation.company}'s trade account at ${shop.tradingName} as ${invitation.role.toLowerCase()}. Choose a password to sign in:`
    : opened
      ? `We opened a ${shop.tradingName} account for you with your order by phone. Choose a password to sign in, follow your orders and order again online:`
      : `We received a request to reset the password of your ${shop.tradingName} account.`;
  const expiry = opened
    ? `The link works once and expires in ${validFor}. After that, choose "Forgot password" on the sign-in page with this e-mail address for a new one.`
    : `The link works once and expires in ${validFor}.`;
  const ignore = invited
    ? 'If you did not expect this, you can ignore this e-mail, or tell us by replying to it.'
    : opened
      ? 'If you did not order from us, please tell us by replying to this e-mail.'
      : 'If you did not ask for this, you can ignore this e-mail: your password stays the same.';
  const button = opened ? 'Choose your password' : 'Choose a new password';
  const address = [shop.address.line1, shop.address.line2, shop.address.town, shop.address.postcode].filter(Boolean).join(', ');
  const hours = shop.openingHours.map((h) => `${h.days}: ${h.hours}`);

  const text = [
    `Hello ${firstName},`,
    '',
    why,
    opened ? 'Open this link:' : 'To choose a new password, open this link:',
    '',
    resetUrl,
    '',
    expiry,
    ignore,
    '',
    `${shop.tradingName}`,
    `${shop.companyName}, ${address}`,
    `Telephone ${shop.phones.sales} or ${shop.phones.office}`,
    `E-mail ${shop.email}`,
    `Opening hours: ${hours.join('; ')}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:20px 24px;background:#0f5c63;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${e(shop.tradingName)}</td></tr>
    <tr><td style="padding:24px;font-size:15px;line-height:1.5;">
      <p style="margin:0 0 16px;">Hello ${e(firstName)},</p>
      <p style="margin:0 0 16px;">${e(why)}</p>
      <p style="margin:0 0 24px;"><a href="${e(resetUrl)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">${e(button)}</a></p>
      <p style="margin:0 0 16px;">${e(expiry)} If the button does not work, copy this address into your browser:<br><a href="${e(resetUrl)}" style="color:#0f5c63;word-break:break-all;">${e(resetUrl)}</a></p>
      <p style="margin:0;">${e(ignore)}</p>
    </td></tr>
    <tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#4b5563;">
      ${e(shop.companyName)}, ${e(address)}<br>
      Telephone ${e(shop.phones.sales)} or ${e(shop.phones.office)} &middot; <a href="mailto:${e(shop.email)}" style="color:#0f5c63;">${e(shop.email)}</a><br>
      ${hours.map(e).join('<br>')}
    </td></tr>
  </table>
</body>
</html>
`;
  return { to, subject, text, html };
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
