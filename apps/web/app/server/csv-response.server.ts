/**
 * A CSV download streamed from core's pieces of CSV text (accounting exports): each piece is
 * read only when the client wants more (pull), so a large export never sits in memory; the
 * generator is closed if the client goes away. UTF-8, as an attachment, never cached.
 */
export function csvResponse(pieces: AsyncGenerator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A plain-text refusal (400 for a bad date range). */
export function csvRefusal(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });
}
