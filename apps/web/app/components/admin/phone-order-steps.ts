/**
 * The phone order page's steps as its address holds them (routes/admin/phone-order.tsx): the
 * customer, the lines as "productPriceId:count,...", the product search and the postcode.
 */
export interface DraftLine {
  productPriceId: number;
  count: number;
}

/** "12:3,15:1" as lines (unknown text ignored; the same pack twice adds up, at most 1000 packs). */
export function parseLines(text: string | null): DraftLine[] {
  const lines = new Map<number, number>();
  for (const part of (text ?? '').split(',').slice(0, 40)) {
    const match = /^(\d{1,9}):(\d{1,4})$/.exec(part.trim());
    if (!match) continue;
    const id = Number(match[1]);
    lines.set(id, Math.min(1000, (lines.get(id) ?? 0) + Number(match[2])));
  }
  return [...lines].filter(([, count]) => count > 0).map(([productPriceId, count]) => ({ productPriceId, count }));
}

export function linesText(lines: readonly DraftLine[]): string {
  return lines.map((l) => `${l.productPriceId}:${l.count}`).join(',');
}

/** The page's address with these steps. */
export function phoneOrderHref(state: { customer?: number | null; lines?: readonly DraftLine[]; find?: string; postcode?: string }): string {
  const params = new URLSearchParams();
  if (state.customer) params.set('customer', String(state.customer));
  if (state.lines && state.lines.length > 0) params.set('lines', linesText(state.lines));
  if (state.find) params.set('find', state.find);
  if (state.postcode) params.set('postcode', state.postcode);
  const query = params.toString();
  return `/admin/phone-order${query ? `?${query}` : ''}`;
}
