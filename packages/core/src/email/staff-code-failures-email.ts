/**
 * The warning to a staff member whose two-step codes failed repeatedly after the right password
 * (staff-service.ts): whoever tried knows their password, so the e-mail says what to do.
 */
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { emailPage, escapeHtml } from './short-message.ts';

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
  const html = emailPage(shop, subject, `<p style="margin:0 0 16px;">Hello ${e(name)},</p>
      ${lines.map((line) => `<p style="margin:0 0 12px;">${e(line)}</p>`).join('\n      ')}
      <p style="margin:16px 0 0;"><a href="${e(signInUrl)}" style="color:#0f5c63;">Back office sign-in</a></p>`);
  return { to, subject, text, html };
}
