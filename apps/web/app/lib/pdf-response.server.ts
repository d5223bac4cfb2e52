/**
 * The answers of the document downloads (VAT invoice, picking list): the PDF shown in the
 * browser's viewer (inline, with a file name for saving), never cached by a shared cache; or,
 * when there is no document to give, a short plain-text answer with core's status for the error.
 */
import { domainErrorCode, httpStatusByErrorCode } from '@shop/contract/browser';

export function pdfResponse(file: { filename: string; content: Uint8Array }): Response {
  return new Response(new Uint8Array(file.content), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'content-length': String(file.content.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}

const textHeaders = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' };

/** 404: no such document for this visitor (an unknown or malformed id, another customer's order). */
export function documentNotFound(): Response {
  return new Response('Document not found.\n', { status: 404, headers: textHeaders });
}

/** A plain-text answer for core's typed errors (404 another customer's order, 409 no invoice yet); anything else is thrown on. */
export function documentErrorResponse(error: unknown): Response {
  const code = domainErrorCode(error);
  const status = code === null ? undefined : httpStatusByErrorCode[code];
  if (status === undefined || status >= 500) throw error;
  if (code === 'not_found') return documentNotFound();
  return new Response(`${(error as Error).message}\n`, { status, headers: textHeaders });
}
