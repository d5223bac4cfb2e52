/** Server rendering with the per-request CSP nonce on every script React Router emits. */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { StylesheetContext } from './components/inline-stylesheet';
import { stylesheetText } from './stylesheet.server';

export const streamTimeout = 5_000;

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
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
