/**
 * The e-mail port. Core composes messages; the server chooses the adapter (SMTP, or an outbox
 * folder of .eml files when no SMTP server is configured).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (`<...@domain>`): a message sent again after a crash is recognisably the same one. */
  messageId?: string;
  /** Files sent with the message (a quote's PDF); nodemailer's attachment fields. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Used when no mailer was given: sending fails loudly instead of losing the message. */
export const unconfiguredMailer: Mailer = {
  async send() {
    throw new Error('No mailer is configured');
  },
};
