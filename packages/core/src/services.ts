/**
 * The composition root of the domain: builds every service once over one database handle.
 * The server passes these to its routes and to the storefront's loaders (load context).
 */
import type { DatabaseHandle } from '@shop/db';
import { CatalogueRepository } from './catalogue/catalogue-repository.ts';
import { CatalogueService } from './catalogue/catalogue-service.ts';
import type { ShopConfig } from './shop/shop-config.ts';
import { SessionService } from './identity/session-service.ts';
import { CartRepository } from './cart/cart-repository.ts';
import { CartService } from './cart/cart-service.ts';
import { cartPricingRules } from './pricing/cart-totals.ts';
import { AccountService } from './accounts/account-service.ts';
import { TokenService } from './accounts/token-service.ts';
import { unconfiguredMailer, type Mailer } from './email/mailer.ts';

export interface CoreServices {
  shop: ShopConfig;
  catalogue: CatalogueService;
  sessions: SessionService;
  carts: CartService;
  accounts: AccountService;
}

export interface CoreServicesOptions {
  shop: ShopConfig;
  mediaBaseUrl?: string;
  /** Sends the shop's e-mails (password reset, ...); without one, sending fails loudly. */
  mailer?: Mailer;
  /** Where the storefront is served, for links in e-mails (default http://localhost:3000). */
  publicBaseUrl?: string;
}

export function createCoreServices(database: DatabaseHandle, options: CoreServicesOptions): CoreServices {
  return {
    shop: options.shop,
    catalogue: new CatalogueService(new CatalogueRepository(database.db), { mediaBaseUrl: options.mediaBaseUrl }),
    sessions: new SessionService(database.db),
    carts: new CartService(new CartRepository(database.db), { rules: cartPricingRules(options.shop), mediaBaseUrl: options.mediaBaseUrl }),
    accounts: new AccountService(database.db, new TokenService(database.db), {
      shop: options.shop,
      mailer: options.mailer ?? unconfiguredMailer,
      publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
    }),
  };
}
