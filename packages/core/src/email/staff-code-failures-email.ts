/**
 * The warning to a staff member whose two-step codes failed repeatedly after the right password
 * (staff-service.ts): whoever tried knows their password, so the e-mail says what to do.
 */
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './short-message.ts';

export interface StaffCodeFailuresEmailInput {
  shop: ShopConfig;
  to: string;
  name: string;
  /** Wrong codes in the hour up to `at`. */
  failures: number;
  at: Date;
  signInUrl: string;
}

const londonTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

export function staffCodeFailuresEmail({ shop, to, name, failures, at, signInUrl }: StaffCodeFailuresEmailInput): MailMessage {
  const subject = `${shop.tradingName} back office: wrong two-step codes on your account`;
  const when = londonTime.format(at);
  const lines = [
    `Someone signed in to the ${shop.tradingName} back office with your e-mail and password and then entered ${failures} wrong two-step ${failures === 1 ? 'code' : 'codes'} (the last at ${when}, UK time). They were stopped.`,
    'If that was you, there is nothing to do.',
    'If it was not you, your password is known to someone else: ask the shop\u2019s owner for a new set-password link today and choose a new password. That ends every session signed in with the old one.',
  ];
  const text = [`Hello ${name},`, '', ...lines.flatMap((line) => [line, '']), `Back office sign-in: ${signInUrl}`, '', shop.tradingName, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:20px 24px;background:#0f5c63;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${e(shop.tradingName)}</td></tr>
    <tr><td style="padding:24px;font-size:15px;line-height:1.5;">
      <p style="margin:0 0 16px;">Hello ${e(name)},</p>
      ${lines.map((line) => `<p style="margin:0 0 12px;">${e(line)}</p>`).join('\n      ')}
      <p style="margin:16px 0 0;"><a href="${e(signInUrl)}" style="color:#0f5c63;">Back office sign-in</a></p>
    </td></tr>
  </table>
</body>
</html>
`;
  return { to, subject, text, html };
}
