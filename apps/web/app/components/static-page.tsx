/**
 * The layout shared by the static pages (SPEC 1): breadcrumb 'Home / Title', one h1, an optional
 * introduction, the content in a `prose-shop` card, and a side box with the shop's contact
 * details (from the configuration, DESIGN section 6).
 *
 * The pages' text is Markdown rendered on the server (app/content/static-content.server.ts):
 * this layout receives it as HTML from the route's loader, so no page text is in a route chunk.
 */
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MetaDescriptor } from 'react-router';
import { useRootData } from '~/root';
import { publicPageLinks } from './seo/canonical';
import { pageMeta } from './page-meta';
import { ChevronRightIcon, MailIcon, PhoneIcon } from './icons';

/** A static page as its loader returns it: meta texts and HTML rendered from Markdown. */
export interface StaticPageContent {
  title: string;
  description: string;
  keywords?: string;
  /** HTML of the introduction under the heading, if any. */
  intro: string | null;
  /** HTML of the page's text. */
  html: string;
  /** HTML of a side box replacing the contact details box (the contact page's company details). */
  aside: string | null;
}

/** Title, description and keywords of a static page, from its loader data. */
export function staticPageMeta(
  matches: Parameters<typeof pageMeta>[0],
  content: Pick<StaticPageContent, 'title' | 'description' | 'keywords'> | undefined,
  pathname: string,
): MetaDescriptor[] {
  return content ? [...pageMeta(matches, content.title, content.description, content.keywords), ...publicPageLinks(matches, pathname)] : [];
}

/**
 * Site links in the rendered HTML are plain <a href>: once the page is hydrated, follow them
 * with the router (like <Link>) instead of reloading the whole page.
 */
function useRouterLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target || anchor.hasAttribute('download')) return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };
}

export function StaticPage({ content }: { content: StaticPageContent }) {
  const { title, intro, html, aside } = content;
  const followLink = useRouterLinks();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-6 pb-4 sm:pt-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-stone-600">
          <li>
            <Link to="/landing" className="hover:text-brand-600 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true" className="text-stone-400">
            <ChevronRightIcon width={14} height={14} />
          </li>
          <li aria-current="page" className="font-medium text-stone-900">
            {title}
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      {intro ? (
        <div className="mt-3 max-w-3xl text-base leading-relaxed text-stone-600 sm:text-lg" dangerouslySetInnerHTML={{ __html: intro }} />
      ) : null}
      <div className="mt-6 grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        {/* Clicks are only intercepted to route site links; the links themselves are focusable. */}
        <div
          className="card prose-shop min-w-0 px-5 py-6 sm:px-8 sm:py-8 [&>:first-child]:mt-0 [&>:last-child]:mb-0"
          onClick={followLink}
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {aside ? (
          <div className="space-y-6" onClick={followLink} dangerouslySetInnerHTML={{ __html: aside }} />
        ) : (
          <div className="space-y-6">
            <ContactBox />
          </div>
        )}
      </div>
    </main>
  );
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The side box: how to reach the shop, from the configuration. */
export function ContactBox() {
  const { shop } = useRootData();
  return (
    <aside aria-labelledby="static-contact-heading" className="card overflow-hidden lg:sticky lg:top-4">
      <div className="bg-brand-600 px-5 py-4 text-white">
        <h2 id="static-contact-heading" className="text-base font-semibold">
          Need a hand?
        </h2>
        <p className="mt-1 text-sm text-brand-50">Our team is happy to help with orders, quotes and stock.</p>
      </div>
      <div className="space-y-4 px-5 py-4 text-sm text-stone-700">
        <ul className="space-y-2">
          <li>
            <a href={telHref(shop.phones.sales)} className="flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <PhoneIcon width={16} height={16} />
              <span>
                {shop.phones.sales} <span className="font-normal text-stone-600">(sales)</span>
              </span>
            </a>
          </li>
          <li>
            <a href={telHref(shop.phones.office)} className="flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <PhoneIcon width={16} height={16} />
              <span>
                {shop.phones.office} <span className="font-normal text-stone-600">(office)</span>
              </span>
            </a>
          </li>
          <li>
            <a href={`mailto:${shop.email}`} className="flex items-center gap-2 font-medium break-all text-brand-700 hover:underline">
              <MailIcon width={16} height={16} className="shrink-0" />
              {shop.email}
            </a>
          </li>
        </ul>
        <OpeningHours />
        <address className="border-t border-stone-200 pt-4 leading-relaxed not-italic">
          <span className="font-medium text-stone-900">{shop.companyName}</span>
          <br />
          {shop.address.line1}
          <br />
          {shop.address.line2}
          <br />
          {shop.address.town} {shop.address.postcode}
        </address>
      </div>
    </aside>
  );
}

/** The opening hours as a definition list (from the configuration). */
export function OpeningHours({ className = '' }: { className?: string }) {
  const { shop } = useRootData();
  return (
    <dl className={`space-y-1 rounded-md bg-stone-50 px-3 py-2 ${className}`}>
      {shop.openingHours.map((row) => (
        <div key={row.days} className="flex justify-between gap-4">
          <dt className="text-stone-700">{row.days}</dt>
          <dd className={row.hours.toLowerCase() === 'closed' ? 'text-stone-600' : 'font-medium text-stone-900'}>{row.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
