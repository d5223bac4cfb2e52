/**
 * A quote's files for staff: its PDF and the customer's artwork. The artwork is sent as an
 * attachment of the type its content was found to be (never rendered inline, nosniff), so a file
 * a customer uploaded cannot run in the back office's origin.
 */
import type { AppLoadContext } from 'react-router';
import { NotFound } from '@shop/core';
import { documentNotFound, pdfResponse } from '~/server/pdf-response.server';
import { fileRecordIdOf } from '~/server/admin/admin-page.server';

export async function staffQuotePdf(context: AppLoadContext, quoteIdText: string | undefined): Promise<Response> {
  const quoteId = fileRecordIdOf(quoteIdText);
  if (quoteId === null) return documentNotFound();
  try {
    const { fileName, pdf } = await context.services.quotes.pdfOf(null, quoteId);
    return pdfResponse({ filename: fileName, content: pdf });
  } catch (error) {
    if (error instanceof NotFound) return documentNotFound();
    throw error;
  }
}

export async function quoteArtwork(context: AppLoadContext, quoteIdText: string | undefined): Promise<Response> {
  const quoteId = fileRecordIdOf(quoteIdText);
  if (quoteId === null) return documentNotFound();
  const file = await context.services.quotes.artworkOf(quoteId);
  if (!file) return documentNotFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.type,
      'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
