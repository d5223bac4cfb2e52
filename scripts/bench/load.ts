/** One autocannon run on loopback, bounded in time. */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  totalRequests: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function runLoad(options: {
  url: string;
  connections?: number;
  durationSeconds?: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  requests?: autocannon.Request[];
  /** Stop after this many requests (instead of after the duration). */
  amount?: number;
  /** Called for every response, in the order they arrive: its status and latency (ms, as autocannon measures it). */
  onResponse?: (statusCode: number, latencyMs: number) => void;
}): Promise<LoadResult> {
  const started = performance.now();
  let lastResponseAt = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections ?? 50,
        duration: options.durationSeconds ?? 5,
        amount: options.amount,
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body,
        requests: options.requests,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    // With `amount`, autocannon notices it is done on its next one-second tick, so its
    // `duration` is whole seconds late by up to one (2,000 orders in 6.1 s read as 7 s).
    if (options.amount) instance.on('response', () => (lastResponseAt = performance.now()));
    const onResponse = options.onResponse;
    if (onResponse) instance.on('response', (_client: unknown, statusCode: number, _bytes: number, latencyMs: number) => onResponse(statusCode, latencyMs));
  });
  return {
    requestsPerSecond: options.amount ? result.requests.total / Math.max(0.001, (lastResponseAt - started) / 1000) : result.requests.average,
    totalRequests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
