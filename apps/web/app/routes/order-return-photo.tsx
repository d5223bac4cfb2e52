/**
 * GET /order-return-photo?returnId=&position=: a photo the signed-in customer sent with their
 * return; anyone else's (or none) is a 404. Private: never cached by shared caches.
 */
import { isRecordId } from '@shop/contract/browser';
import { requireCustomer } from '~/session.server';
import type { Route } from './+types/order-return-photo';

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin');
  const search = new URL(request.url).searchParams;
  const returnId = search.get('returnId') ?? '';
  const position = search.get('position') ?? '';
  if (!isRecordId(returnId) || !/^[1-3]$/.test(position)) return new Response('Not found', { status: 404 });
  const photo = await context.services.returns.photo({ userId }, Number(returnId), Number(position));
  if (!photo) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(photo.bytes), {
    headers: { 'content-type': photo.contentType, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" },
  });
}
