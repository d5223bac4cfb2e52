import { useEffect } from 'react';
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type MetaFunction } from 'react-router';
import type { PublicShopDetails } from '@shop/contract';
import stylesheetHref from './app.css?url';
import { ShopLayout } from './components/shop-layout';
import { menuTreeOf, type TopMenuCategory } from './components/catalogue/category-path';
import { RouteErrorPage } from './components/error-page';
import { storageKeys, writeStored } from './lib/browser-storage';
import { whenIdle } from './lib/when-idle';
import type { Route } from './+types/root';

export interface RootData {
  /** The menus' tree: names and slugs only (every page carries it). */
  categories: TopMenuCategory[];
  shop: PublicShopDetails;
  nonce: string;
}

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  // A form the server refused before its action ran (sent from another site): the error page.
  if (context.refusal) throw data({ message: context.refusal.message, refused: true }, { status: context.refusal.status });
  return { categories: menuTreeOf(await context.services.catalogue.categoryTree()), shop: context.services.shop, nonce: context.nonce };
}

// The category tree and shop details do not change between client navigations; the visitor
// (name, basket) is the shop frame's loader, which revalidates.
export function shouldRevalidate() {
  return false;
}

// The stylesheet is linked, not inlined: a hashed file the browser keeps, so a page's HTML does not
// carry it each time. Measured both ways with Lighthouse (docs/performance.md): inlining did not
// make the first paint earlier.
export const links = () => [
  { rel: 'stylesheet', href: stylesheetHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: 'Boxwell Packaging' }];

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('root data missing');
  return data;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const nonce = data?.nonce ?? '';
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5c63" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Browser tests wait for this mark before they count on React's event handlers.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => whenIdle(cacheCategoryTree), []);
  return <Outlet />;
}

/**
 * SPEC 3: the browser keeps the category tree (as GET /api/categories answers it) under
 * 'categories'. The pages carry only the menus' smaller tree, so the whole one is fetched once
 * the browser is idle after a page loads (App mounts once per page load, not per navigation), and
 * never while the page needs the network.
 */
function cacheCategoryTree(): void {
  fetch('/api/categories', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.text() : null))
    .then((tree) => tree && writeStored(storageKeys.categories, tree))
    .catch(() => {
      /* offline or the shop is restarting: the cache is only a cache */
    });
}

/** Errors the shop frame could not show itself (its own loader failed): a guest's frame. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) return <RouteErrorPage />;
  return (
    <ShopLayout>
      <RouteErrorPage />
    </ShopLayout>
  );
}
