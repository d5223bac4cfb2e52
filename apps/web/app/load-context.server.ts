/**
 * What page loaders receive from the server (apps/server/src/ssr/storefront.ts): the core
 * services, called in-process, never over HTTP. Only `.server.ts` modules may import core.
 */
import type { CoreServices } from '@shop/core';

export interface StorefrontContext {
  services: CoreServices;
  nonce: string;
}

export function servicesFrom(context: unknown): CoreServices {
  return (context as StorefrontContext).services;
}

export function nonceFrom(context: unknown): string {
  return (context as StorefrontContext).nonce ?? '';
}
