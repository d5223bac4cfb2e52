/**
 * Another visitor asking the server for /healthz while a test makes it work: from a thread of its
 * own, so each wait measured is the server's, not the test's. The test's own thread sends the big
 * uploads, and building a 29 MB form body there held its event loop for up to 0.75 s: a poller on
 * that thread counted the test's stall as the server's (measured on 2026-11-29: the server's
 * longest task was under 0.1 s while the poller saw 0.6 s).
 */
import { Worker } from 'node:worker_threads';

const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const waits = [];
  while (running) {
    const started = performance.now();
    const answer = await fetch(workerData.url);
    await answer.arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, workerData.gapMs));
  }
  parentPort.postMessage(waits);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

export interface HealthzPoller {
  /** Stops polling; each answer's wait in ms. */
  stop(): Promise<number[]>;
}

/** Polls `${baseUrl}/healthz` one request after another, `gapMs` apart, until stopped. */
export function pollHealthzFromAnotherThread(baseUrl: string, gapMs: number): HealthzPoller {
  const worker = new Worker(POLLER, { eval: true, workerData: { url: `${baseUrl}/healthz`, gapMs } });
  const waits = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (answer: number[] | { error: string }) => (Array.isArray(answer) ? resolve(answer) : reject(new Error(answer.error))));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await waits;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** Polls for `ms` and answers the waits. */
export async function pollHealthzFor(baseUrl: string, gapMs: number, ms: number): Promise<number[]> {
  const poller = pollHealthzFromAnotherThread(baseUrl, gapMs);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return poller.stop();
}
