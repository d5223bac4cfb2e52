/**
 * Without SMTP, each e-mail is an .eml file in DATA_DIR/outbox: the folder is made with the first
 * message, made again if someone removes it while the shop runs, and each file is the shop
 * user's alone.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from './outbox-mailer.ts';

describe('the outbox mailer', () => {
  let dataDir: string;
  const logged: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-outbox-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  const message = (subject: string) => ({ to: 'alice@example.com', subject, text: 'Hello https://shop.example.test/x', html: '<p>Hello</p>' });

  it('writes each message as its own .eml file, readable by the shop user only, in a folder made on the first one', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mailer = new OutboxMailer(outbox, 'shop@example.com', { info: (_details, text) => logged.push(text) });
    await mailer.send(message('one'));
    await mailer.send(message('two'));
    const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o777).toBe(0o600);
    expect(logged).toHaveLength(2);
    await mailer.close();
  });

  it('makes the folder again when it was removed while the shop runs', async () => {
    const outbox = path.join(dataDir, 'removed');
    const mailer = new OutboxMailer(outbox, 'shop@example.com', { info() {} });
    await mailer.send(message('before'));
    await rm(outbox, { recursive: true });
    await mailer.send(message('after'));
    expect((await readdir(outbox)).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
    await mailer.close();
  });
});
