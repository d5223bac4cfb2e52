/**
 * The Redis the tests of shared limits use: REDIS_TEST_URL, else the local one. Required (the
 * suites fail without it) when CI or REQUIRE_BROWSER_TESTS is set, as .ci/run starts one;
 * otherwise the suites that need it are skipped with a message.
 */
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
export const testRedisRequired = Boolean(process.env.CI || process.env.REQUIRE_BROWSER_TESTS);

/** Whether a Redis answers at TEST_REDIS_URL (a short timeout, no retries). */
export async function testRedisAnswers(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
