/**
 * The e-mail adapter when no SMTP server is configured: each message is written as a complete
 * .eml file (openable in any mail program) to DATA_DIR/outbox, and its links are logged so a
 * developer can follow a password reset link without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@shop/core';
import type { ClosableMailer, MailLog } from './create-mailer.ts';

export class OutboxMailer implements ClosableMailer {
  private readonly transport: Transporter;

  constructor(
    readonly outboxDir: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { message: Buffer };
    await mkdir(this.outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // The file holds live links (a reset token): readable by the shop's user only.
    await writeFile(file, info.message, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file, links: linksIn(message.text) }, 'e-mail written to the outbox (SMTP_URL is not set)');
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
