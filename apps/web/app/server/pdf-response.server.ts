/**
 * The answers of the document downloads (VAT invoice, picking list): the PDF shown in the
 * browser's viewer (inline, with a file name for saving), never cached by a shared cache; or,
 * when there is no document to give, a short plain-text answer with core's status for the error.
 */
import { isRouteErrorResponse } from 'react-router';
import { httpStatusByErrorCode } from '@shop/contract/browser';
import { DomainError, NotFound } from '@shop/core';

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
  const status = error instanceof DomainError ? httpStatusByErrorCode[error.code] : undefined;
  if (status === undefined || status >= 500) throw error;
  if (error instanceof NotFound) return documentNotFound();
  return new Response(`${(error as Error).message}\n`, { status, headers: textHeaders });
}

/**
 * A refusal thrown by an access check (the back office's `requireStaff` throws a 403 with a
 * message) as a plain-text answer; a redirect to sign-in (a Response) and anything else are thrown on.
 */
export function documentAccessRefused(error: unknown): Response {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return new Response(`${refusal.message}\n`, { status: refusal.status, headers: textHeaders });
}

/** The status and message of a thrown `data({ message }, { status })` (or its error-response form). */
function refusalOf(error: unknown): { status: number; message: string } | null {
  const messageOf = (payload: unknown, fallback: string) =>
    typeof (payload as { message?: unknown } | null)?.message === 'string' ? (payload as { message: string }).message : fallback;
  if (isRouteErrorResponse(error)) return { status: error.status, message: messageOf(error.data, error.statusText) };
  const thrown = error as { type?: unknown; data?: unknown; init?: { status?: unknown } | null } | null;
  if (thrown?.type === 'DataWithResponseInit' && typeof thrown.init?.status === 'number' && thrown.init.status >= 400) {
    return { status: thrown.init.status, message: messageOf(thrown.data, 'Not allowed.') };
  }
  return null;
}
