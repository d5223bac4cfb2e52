/**
 * The e-mail adapter when no SMTP server is configured: each message is written as a complete
 * .eml file (openable in any mail program) to DATA_DIR/outbox, and its links and file are logged
 * so a developer can find a message without a mail server. Logged links have their secrets
 * blanked (a reset link's token would let anyone who reads the log take the account over); the
 * .eml file keeps the working link.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage } from '@shop/core';
import { redactUrlSecrets } from '../../http/log-redaction.ts';
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
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await this.write(file, info.message);
    this.log.info({ to: message.to, subject: message.subject, file, links: linksIn(message.text).map(redactUrlSecrets) }, 'e-mail written to the outbox (SMTP_URL is not set)');
  }

  /** Writes into the outbox, making the folder when it is missing (the first message, or removed since). */
  private async write(file: string, message: Buffer): Promise<void> {
    // The file holds live links (a reset token): readable by the shop's user only.
    const write = () => writeFile(file, message, { mode: 0o600 });
    try {
      await write();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(this.outboxDir, { recursive: true });
      await write();
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
