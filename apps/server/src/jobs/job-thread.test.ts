/**
 * On PostgreSQL the server runs its job worker in a worker thread (job-thread.ts): e-mails are
 * sent with nobody draining the queue in the request thread, stopping the app lets the thread
 * finish and leaves no job claimed, and a thread that dies is started again after a pause that
 * grows each time.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signUp } from '../testing/basket-fixtures.ts';
import { until } from '../testing/until.ts';
import { JobThread, jobsRunInThread } from './job-thread.ts';

describe('where the job worker runs', () => {
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('in a thread on PostgreSQL by default, in the main thread with JOB_WORKER=main, always in the main thread on PGlite', () => {
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' };
    expect(jobsRunInThread(config(postgres), 'postgres')).toBe(true);
    expect(jobsRunInThread(config({ ...postgres, JOB_WORKER: 'main' }), 'postgres')).toBe(false);
    expect(jobsRunInThread(config({}), 'pglite')).toBe(false);
    expect(() => config({ JOB_WORKER: 'elsewhere' })).toThrow('JOB_WORKER must be thread or main');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('e-mail jobs sent by the job thread [postgres]', () => {
  let test: TestDatabase;
  let dataDir: string;
  let app: App;
  const outbox = () => path.join(dataDir, 'outbox');
  const emlFiles = async () => (await readdir(outbox()).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));

  beforeAll(async () => {
    test = await createTestDatabase('postgres', { poolSize: 4 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-job-thread-'));
    const config = loadConfig({
      DATABASE_URL: test.url!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_BASE_URL: 'https://shop.example.test',
      AUTH_RATE_LIMIT_PER_IP: '10000',
    });
    app = await buildApp({ config, database: test.database, logger: false, jobsInThread: true });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a password reset e-mail reaches the outbox without the request thread running any job', async () => {
    const customer = await signUp(app);
    const response = await app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: customer.email } });
    expect(response.statusCode).toBeLessThan(300);
    // The thread loads its code first (a few seconds on a busy machine); nobody calls drain() here.
    // It writes the e-mail, then records the job done, so wait for the record, not the file.
    const job = await until(async () => {
      const [row] = await queryRows<{ state: string; attempts: number }>(test.database.db, sql`SELECT state, attempts FROM jobs`);
      return row?.state === 'done' && row;
    }, 60_000, 'the reset e-mail job to be done');
    expect(job).toEqual({ state: 'done', attempts: 1 });
    expect(await emlFiles()).toHaveLength(1);
  }, 90_000);

  it('closing the app stops the thread and leaves no job claimed; a job recorded after waits for the next start', async () => {
    await app.close();
    const customer = await queryRows<{ user_id: number }>(test.database.db, sql`SELECT user_id FROM users LIMIT 1`);
    expect(customer).toHaveLength(1);
    const [claimed] = await queryRows<{ count: number }>(
      test.database.db,
      sql`SELECT count(*)::int AS count FROM jobs WHERE state = 'pending' AND locked_until IS NOT NULL`,
    );
    expect(claimed!.count).toBe(0);
    const before = (await emlFiles()).length;
    await test.database.db.execute(sql`INSERT INTO jobs (kind, payload) VALUES ('password-reset', '{}'::jsonb)`);
    // A window in which a thread still running would have sent it: nothing to wait for.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await emlFiles()).length).toBe(before);
    const [waiting] = await queryRows<{ state: string; attempts: number }>(test.database.db, sql`SELECT state, attempts FROM jobs ORDER BY job_id DESC LIMIT 1`);
    expect(waiting).toEqual({ state: 'pending', attempts: 0 });
  }, 30_000);
});

describe('a job thread that dies', () => {
  it('is started again after 1 s, then 2 s, and stop() ends it for good', async () => {
    // Nothing listens on port 1: each thread fails to open its database and ends.
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing', LOG_LEVEL: 'silent' });
    const restarts: number[] = [];
    const failures: string[] = [];
    const thread = new JobThread(config, {
      info() {},
      error(details: { restartInMs?: number; error?: string }) {
        if (details.restartInMs !== undefined) restarts.push(details.restartInMs);
        if (details.error) failures.push(details.error);
      },
    });
    thread.start();
    await until(async () => restarts.length >= 2, 60_000, 'two restarts');
    await thread.stop();
    const seen = restarts.length;
    expect(restarts.slice(0, 2)).toEqual([1_000, 2_000]);
    expect(failures[0]).toMatch(/ECONNREFUSED|connect/);
    // A window past the next restart's delay (2 s), had stop() not cancelled it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(restarts.length).toBe(seen);
  }, 90_000);
});
