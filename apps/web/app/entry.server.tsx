/** Server rendering with the per-request CSP nonce on every script React Router emits. */
import { PassThrough, pipeline, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { DEFERRED_MODULE_TYPE, DEFERRED_MODULEPRELOAD_REL } from './components/deferred-hydration';
import { StylesheetContext } from './components/inline-stylesheet';
import { stylesheetText } from './stylesheet.server';

export const streamTimeout = 5_000;

/**
 * Failures of loaders, actions and rendering go to the server's JSON log through the load
 * context: React Router's default would print the whole error to the console, and a failed
 * query's error holds its SQL and parameters.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the visitor left; nothing failed
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
    const page = (
      <StylesheetContext.Provider value={stylesheetText()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        // A visitor who leaves mid-page cancels the response, which destroys `html` with an
        // error. pipeline (not pipe) passes it back to `body`, so React stops rendering. The
        // listener stays for the stream's whole life: pipeline drops its own once React has
        // written everything, possibly before the visitor has read it all, and an 'error'
        // without a listener would end the process.
        const html = pipeline(body, deferHydrationScripts(), () => {});
        html.on('error', () => {});
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
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

/**
 * Leaves the hydration scripts inert in the HTML (the markers of components/deferred-hydration):
 * React Router's module preloads and its module script would otherwise be fetched and run while
 * the page is parsed, before its first paint. <HydrationStarter> starts them after that paint.
 */
function deferHydrationScripts(): Transform {
  const replacements: [string, string][] = [
    ['rel="modulepreload"', `rel="${DEFERRED_MODULEPRELOAD_REL}"`],
    ['type="module" async=""', `type="${DEFERRED_MODULE_TYPE}"`],
  ];
  const longest = Math.max(...replacements.map(([marker]) => marker.length));
  const replaceAll = (text: string) => replacements.reduce((out, [marker, inert]) => out.replaceAll(marker, inert), text);
  const decoder = new StringDecoder('utf8'); // never splits a multi-byte character
  let carry = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Replace whole markers, then hold back a tail shorter than the longest marker: it may be
      // the start of one split across chunks (and cannot hold a whole, already replaced one).
      const text = replaceAll(carry + decoder.write(chunk));
      const cut = Math.max(0, text.length - (longest - 1));
      carry = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback) {
      callback(null, replaceAll(carry + decoder.end()));
    },
  });
}
