/**
 * GET /admin/returns/:returnId/photos/:position: a customer's photo of a return, for staff who
 * may see orders. Private (never cached by shared caches): photos are not catalogue images.
 */
import { fileRecordIdOf } from '~/server/admin/admin-page.server';
import { requireStaff } from '~/server/admin/staff-session.server';
import type { Route } from './+types/return-photo';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'orders:view');
  const returnId = fileRecordIdOf(params.returnId);
  if (returnId === null || !/^[1-3]$/.test(params.position)) return new Response('Not found', { status: 404 });
  const photo = await context.services.returns.photo({ staff }, returnId, Number(params.position));
  if (!photo) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(photo.bytes), {
    headers: { 'content-type': photo.contentType, 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" },
  });
}
