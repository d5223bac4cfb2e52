import { useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { CategoryDto, PublicShopDetails } from '@shop/contract';
// Imported for its URL so the client build emits the stylesheet; it is inlined, not linked.
import stylesheetHref from './app.css?url';
import { EarlyInputCapture, HydrationStarter } from './components/deferred-hydration';
import { InlineStylesheet } from './components/inline-stylesheet';
import { ShopStateProvider } from './state/shop-state';
import { ShopLayout } from './components/shop-layout';
import { NotFoundPage } from './components/not-found-page';
import { nonceFrom, servicesFrom } from './load-context.server';
import { storageKeys, writeStored } from './lib/browser-storage';
import { whenIdle } from './lib/when-idle';

export interface RootData {
  categories: CategoryDto[];
  shop: PublicShopDetails;
  nonce: string;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const services = servicesFrom(context);
  return { categories: await services.catalogue.categoryTree(), shop: services.shop, nonce: nonceFrom(context) };
}

// The category tree and shop details do not change between client navigations.
export function shouldRevalidate() {
  return false;
}

// The stylesheet is inlined by <InlineStylesheet /> rather than linked (no render-blocking request).
export const links = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
export const stylesheetUrl = stylesheetHref;

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
        <EarlyInputCapture nonce={nonce} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5c63" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-800 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <HydrationStarter nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { categories } = useRootData();
  // SPEC 3: the browser keeps the category tree under 'categories'. Written when the browser is
  // idle: serialising and storing the tree took 17 ms of the page's start-up otherwise.
  useEffect(() => whenIdle(() => writeStored(storageKeys.categories, JSON.stringify(categories))), [categories]);
  return (
    <ShopStateProvider>
      <ShopLayout>
        <Outlet />
      </ShopLayout>
    </ShopStateProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const page = notFound ? (
    <NotFoundPage />
  ) : (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-600">Please try again in a moment. If it keeps happening, call us.</p>
      <a href="/landing" className="btn-primary mt-6 inline-flex">
        Back to the shop
      </a>
    </main>
  );
  if (!data) return page;
  return (
    <ShopStateProvider>
      <ShopLayout>{page}</ShopLayout>
    </ShopStateProvider>
  );
}
