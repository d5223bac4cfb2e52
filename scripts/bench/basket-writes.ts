/**
 * Add-to-cart on PostgreSQL at 50 connections: 500 anonymous sessions add packs of the demo
 * catalogue through POST /api/cart (the real route: validation, price lookup, upsert, totals).
 */
import { runLoad, type LoadResult } from './load.ts';
import { startTarget } from './processes.ts';
import { createScratchDatabase } from './scratch-database.ts';

export async function measureAddToCart(adminUrl: string, durationSeconds: number): Promise<LoadResult> {
  const scratch = await createScratchDatabase(adminUrl);
  // 500 sessions from one address: above the per-IP session limit.
  const app = await startTarget('serve-app.ts', { BENCH_DATABASE_URL: scratch.url, SESSION_RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const landing = (await (await fetch(`${app.url}/api/products/GetLanding?condition=`)).json()) as {
      product_id: number;
      product_Sizes: { packs: { product_price_id: number; price: number; pack_range: number[] }[] }[];
    }[];
    const packs = landing.flatMap((p) =>
      p.product_Sizes.flatMap((s) => s.packs.map((pack) => ({ product_id: p.product_id, product_price_id: pack.product_price_id, price: pack.price, qty: pack.pack_range[0] }))),
    );
    const sessions: string[] = [];
    for (let i = 0; i < 500; i++) {
      sessions.push(await (await fetch(`${app.url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ip":""}' })).json());
    }
    let n = 0;
    const nextBody = () => {
      n += 1;
      const pack = packs[n % packs.length]!;
      return JSON.stringify({ user_id: 1, session_id: sessions[n % sessions.length], ...pack });
    };
    const run = (seconds: number) =>
      runLoad({
        url: app.url,
        durationSeconds: seconds,
        requests: [{ method: 'POST', path: '/api/cart', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: nextBody() }) }],
      });
    await run(1); // warm-up
    return await run(durationSeconds);
  } finally {
    await app.stop();
    await scratch.drop();
  }
}
