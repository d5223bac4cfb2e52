/**
 * Where a customer downloads an order's VAT invoice: the storefront's resource route
 * `/order-invoice?orderId=N` (the page session decides whose order it is; signed out, it goes to
 * sign-in). One place for the link, used by order detail and the dispatch e-mail alike.
 */

/** The path, for links on the storefront's own pages. */
export function customerInvoicePath(orderId: number): string {
  return `/order-invoice?orderId=${orderId}`;
}

/** The absolute link, for e-mails: e.g. https://shop.example.com/order-invoice?orderId=42 */
export function customerInvoiceUrl(publicBaseUrl: string, orderId: number): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${customerInvoicePath(orderId)}`;
}

/** The back office's download paths (resource routes beside the order page). */
export function staffInvoicePath(orderId: number): string {
  return `/admin/orders/${orderId}/invoice.pdf`;
}

export function pickingListPath(orderId: number): string {
  return `/admin/orders/${orderId}/picking-list.pdf`;
}

/**
 * A credit note's download (credit-notes.ts), beside the invoice's: the storefront's resource route
 * `/order-credit-note?orderId=N&number=M` (the customer's own order only), and the back office's.
 */
export function customerCreditNotePath(orderId: number, creditNoteNumber: number): string {
  return `/order-credit-note?orderId=${orderId}&number=${creditNoteNumber}`;
}

export function customerCreditNoteUrl(publicBaseUrl: string, orderId: number, creditNoteNumber: number): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${customerCreditNotePath(orderId, creditNoteNumber)}`;
}

export function staffCreditNotePath(orderId: number, creditNoteNumber: number): string {
  return `/admin/orders/${orderId}/credit-notes/${creditNoteNumber}`;
}
