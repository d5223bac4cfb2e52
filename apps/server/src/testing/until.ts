/**
 * Polls `check` every 50 ms until it returns something truthy, and returns that; throws after
 * `timeoutMs` naming `what` was awaited. For tests of work done in the background (the job worker,
 * a notification from the database).
 */
export async function until<T>(check: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
