/** The e-mail with a link to choose a password: for a forgotten password, or for an account staff opened. */
import { describe, expect, it } from 'vitest';
import { demoShopConfig } from '../shop/shop-config.ts';
import { passwordResetEmail } from './password-reset-email.ts';

const input = { shop: demoShopConfig, to: 'tom@example.com', firstName: 'Tom', resetUrl: 'https://shop.example/resetpassword?users=7&token=abc', validForMinutes: 60 };

describe('the e-mail with a link to choose a password', () => {
  it('a customer who forgot their password is told it was asked for, and may ignore it', () => {
    const mail = passwordResetEmail(input);
    expect(mail.subject).toBe(`Reset your ${demoShopConfig.tradingName} password`);
    expect(mail.text).toContain('We received a request to reset the password');
    expect(mail.text).toContain('you can ignore this e-mail');
  });

  it('a customer whose account staff opened with a phone order is told so, and how to get a new link once this one expires', () => {
    const mail = passwordResetEmail({ ...input, reason: 'account-opened' });
    expect(mail.subject).toBe(`Your ${demoShopConfig.tradingName} account: choose a password`);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('We opened a');
      expect(body).toContain('with your order by phone');
      expect(body).toContain('expires in 1 hour');
      expect(body).not.toContain('We received a request to reset');
    }
    expect(mail.text).toContain('choose "Forgot password" on the sign-in page');
    expect(mail.html).toContain('Choose your password');
  });
});
