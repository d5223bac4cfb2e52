/** Server rendering with the per-request CSP nonce on every script React Router emits. */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Failures of loaders, actions and rendering go to the server's JSON log through the load
 * context: React Router's default would print the whole error to the console, and a failed
 * query's error holds its SQL and parameters.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the visitor left; nothing failed
  // A refusal (405 for a POST to a page without an action, a thrown 4xx) is the client's doing.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const inner = (error as { error?: unknown }).error;
    const data = error.data as { message?: unknown } | null;
    context.logRefusal(error.status, inner instanceof Error ? inner.message : typeof data?.message === 'string' ? data.message : error.statusText);
    return;
  }
  // A thrown data()/Response carries the original error, if any, in its `error` field.
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  context.logError(cause);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and the first paint both get complete HTML: wait for all data before sending.
    const readyEvent = userAgent && isbot(userAgent) ? 'onAllReady' : 'onShellReady';
    const page = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        // A visitor who leaves mid-page cancels the response, which destroys `body` with an
        // error: React's listeners on its destination stop the render, and this one makes sure
        // such an error never goes unheard, which would end the process
        // (tests/resilience/visitor-leaves-mid-page.test.ts).
        body.on('error', () => {});
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.logError(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
