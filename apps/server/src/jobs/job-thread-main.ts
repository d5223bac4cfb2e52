/**
 * Inside the job thread (job-thread.ts): this process's job worker with its own small pool of
 * PostgreSQL connections and its own mailer, so rendering and sending e-mail never waits for,
 * or delays, the request thread. The main thread sends `wake` when it has recorded a job and
 * `stop` at shutdown; attempts under way finish, then the pool and the mailer close.
 */
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { openDatabase } from '@shop/db';
import type { AppConfig } from '../config.ts';
import { createMailer } from '../adapters/email/create-mailer.ts';
import { coreServicesFor } from '../core-services.ts';
import { JOB_THREAD_NICENESS, JOB_THREAD_POOL_SIZE, type JobThreadMessage } from './job-thread.ts';

const { config } = workerData as { config: AppConfig };
const port = parentPort!;
const log = pino({ level: config.logLevel, base: { pid: process.pid, thread: 'jobs' } });
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: JOB_THREAD_POOL_SIZE });
const mailer = createMailer(config, log);
const { jobs, jobWorker } = coreServicesFor(config, database, { mailer, log });

port.on('message', (message: JobThreadMessage) => {
  if (message === 'wake') jobs.wakeWorkers();
  else if (message === 'stop') void stop();
});
lowerThisThreadsPriority();
jobWorker.start();
port.postMessage('ready' satisfies JobThreadMessage);

/**
 * E-mail can wait a few seconds, a customer's answer cannot: on Linux this thread gets a lower
 * CPU priority (nice JOB_THREAD_NICENESS), so when the machine is busy the request thread and
 * the database run first, and sending catches up after the burst. On an idle machine it changes
 * nothing. (Linux's niceness is per thread; elsewhere the thread keeps the process's priority.)
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]);
    setPriority(threadId, JOB_THREAD_NICENESS);
  } catch (error) {
    log.debug({ error: (error as Error).message }, 'the job thread keeps the priority of the process');
  }
}

async function stop(): Promise<void> {
  await jobWorker.stop();
  await mailer.close();
  await database.close();
  // Nothing is left to keep the thread alive once the port is closed: it ends on its own.
  port.close();
}
