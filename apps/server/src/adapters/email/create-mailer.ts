/** Chooses the e-mail adapter from configuration (DESIGN section 5): SMTP when SMTP_URL is set, else the outbox folder. */
import path from 'node:path';
import type { Mailer } from '@shop/core';
import type { AppConfig } from '../../config.ts';
import { OutboxMailer } from './outbox-mailer.ts';
import { SmtpMailer } from './smtp-mailer.ts';

export interface ClosableMailer extends Mailer {
  close(): Promise<void>;
}

export interface MailLog {
  info(details: object, message: string): void;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: MailLog): ClosableMailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
