/** What went wrong with an outgoing HTTP request to a provider, in words for the log. */
export function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `request failed: ${error instanceof Error ? error.message : String(error)}${cause}`;
}
