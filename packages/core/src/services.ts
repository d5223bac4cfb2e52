/**
 * The composition root of the domain: builds every service once over one database handle.
 * The server passes these to its routes and to the storefront's loaders (load context).
 */
import type { DatabaseHandle } from '@shop/db';
import { CatalogueRepository } from './catalogue/catalogue-repository.ts';
import { CatalogueService } from './catalogue/catalogue-service.ts';
import type { ShopConfig } from './shop/shop-config.ts';
import { SessionService } from './identity/session-service.ts';

export interface CoreServices {
  shop: ShopConfig;
  catalogue: CatalogueService;
  sessions: SessionService;
}

export interface CoreServicesOptions {
  shop: ShopConfig;
  mediaBaseUrl?: string;
}

export function createCoreServices(database: DatabaseHandle, options: CoreServicesOptions): CoreServices {
  return {
    shop: options.shop,
    catalogue: new CatalogueService(new CatalogueRepository(database.db), { mediaBaseUrl: options.mediaBaseUrl }),
    sessions: new SessionService(database.db),
  };
}
