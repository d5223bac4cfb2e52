/**
 * A real SMTP server for tests (smtp-server, on 127.0.0.1): every message it accepts is parsed
 * and kept with its envelope. `stop()` and `start()` again on the same port imitate a mail
 * server that goes away and comes back.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  mail: ParsedMail;
  recipients: string[];
}

export interface SmtpInbox {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Stops listening (connections are refused) until start() is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Listens on `port`, or on a free one when 0. */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let boundPort = port;

  async function start(): Promise<void> {
    if (server) return;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // The mailer's pooled connections are cut at once when the server "goes away".
      closeTimeout: 200,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({ mail, recipients: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    // A shop process killed mid-message (the crash tests do it) resets its connection: the
    // server reports that as an 'error', which is expected here, not a failure of the test.
    smtp.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(boundPort, '127.0.0.1', () => resolve());
    });
    boundPort = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  }

  async function stop(): Promise<void> {
    const smtp = server;
    server = null;
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }

  await start();
  return {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    stop,
    start,
  };
}
