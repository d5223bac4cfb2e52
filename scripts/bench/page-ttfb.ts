/** Server-rendered product page: time to first byte of sequential requests (warm caches). */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { startTarget } from './processes.ts';

function timeToFirstByte(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      response.once('data', () => {
        const ttfb = performance.now() - started;
        response.resume();
        response.on('end', () => resolve(ttfb));
      });
    });
    request.on('error', reject);
  });
}

export async function measureProductPageTtfb(samples = 200): Promise<{ p50: number; p95: number }> {
  const app = await startTarget('serve-app.ts', { BENCH_STOREFRONT: '1' });
  try {
    const landing = (await (await fetch(`${app.url}/api/products/GetLanding?condition=`)).json()) as { product_id: number }[];
    const urls = landing.map((p) => `${app.url}/product-detail?productCode=${p.product_id}`);
    for (const url of urls) await timeToFirstByte(url); // warm
    const timings: number[] = [];
    for (let i = 0; i < samples; i++) timings.push(await timeToFirstByte(urls[i % urls.length]!));
    timings.sort((a, b) => a - b);
    return { p50: timings[Math.floor(samples * 0.5)]!, p95: timings[Math.floor(samples * 0.95)]! };
  } finally {
    await app.stop();
  }
}
