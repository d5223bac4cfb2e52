/** One autocannon run on loopback, bounded in time. */
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
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 5,
    amount: options.amount,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
  });
  return {
    requestsPerSecond: options.amount ? result.requests.total / (result.duration || 1) : result.requests.average,
    totalRequests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
