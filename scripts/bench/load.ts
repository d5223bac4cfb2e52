/** One autocannon run on loopback, bounded in time. */
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
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
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 5,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.requests,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
