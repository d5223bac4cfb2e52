import { describe, expect, it } from 'vitest';
import type { PublicShopDetails } from '@shop/contract';
import { demoShopConfig } from '../../../../packages/core/src/shop/shop-config';
import { placeholderValues, renderStaticContent, staticPageContent, staticPageSources, type StaticPageName } from './static-content.server';

const pages = Object.keys(staticPageSources) as StaticPageName[];
const shop: PublicShopDetails = demoShopConfig;

/** The visible text of some HTML: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<\/?(?:p|br|li|dt|dd|div|h\d|section|tr|th|td|address|figure|figcaption|blockquote|ul|ol|dl|nav|aside|table|caption|thead|tbody|span)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

function pageText(page: StaticPageName, config: PublicShopDetails = shop): string {
  const content = staticPageContent(page, config);
  return textOf([content.title, content.intro ?? '', content.html, content.aside ?? ''].join(' '));
}

/** A configuration whose every text is hostile: Markdown, HTML and attribute breakers. */
function hostileShop(): PublicShopDetails {
  const evil = (name: string) => `${name} <script>alert(1)</script> *em* [x](javascript:alert(1)) "q" 'a' & {{shop.email}} ::: card`;
  const walk = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return evil(path);
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}${i}`));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, `${path}.${k}`)]));
    return value;
  };
  return walk(structuredClone(shop), 'shop') as PublicShopDetails;
}

describe('static pages', () => {
  it.each(pages)('%s renders with a title, a description and every placeholder filled', (page) => {
    const content = staticPageContent(page, shop);
    expect(content.title).toBeTruthy();
    expect(content.description.length).toBeGreaterThan(40);
    expect(content.html.length).toBeGreaterThan(500);
    for (const html of [content.html, content.intro ?? '', content.aside ?? '']) {
      expect(html).not.toMatch(/\{\{|\}\}|zzplaceholder|:::/);
      expect(html).not.toMatch(/<script|javascript:/i);
    }
    expect(content.title + content.description + (content.keywords ?? '')).not.toMatch(/\{\{|\}\}|zzplaceholder/);
  });

  it('has the same titles, descriptions and keywords as the pages had', () => {
    expect(pages.map((page) => staticPageContent(page, shop).title)).toEqual([
      'About Us',
      'Contact Us',
      'Delivery Services & Costs',
      'Payments Policy',
      'Privacy Policy',
      'Returns & Exchange',
      'Terms & Conditions',
    ]);
    expect(staticPageContent('about', shop).description).toBe(
      'Who we are: a UK packaging wholesaler supplying boxes, mailers, tape, protective and catering packaging to trade and domestic customers, with a shop and trade counter.',
    );
    expect(staticPageContent('terms', shop).keywords).toBe('terms and conditions, terms of sale, packaging supplier terms');
  });

  it('caches a page per configuration', () => {
    expect(staticPageContent('terms', shop)).toBe(staticPageContent('terms', shop));
    const other = { ...shop, companyName: 'Other Boxes Ltd' };
    expect(staticPageContent('terms', other)).not.toBe(staticPageContent('terms', shop));
    expect(pageText('terms', other)).toContain('Other Boxes Ltd');
  });

  it('the About page has the motto, a company description and the shop in its city (SPEC 1)', () => {
    const text = pageText('about');
    expect(text).toContain('‘Once our customer, always our customer’');
    expect(text).toContain('Boxwell Packaging Supplies Ltd is an independent, family-run packaging wholesaler.');
    expect(text).toContain('Our shop in Leeds');
    expect(text).toContain('You will find us at Unit 4, Airedale Trade Park, Kirkstall Road, Leeds LS4 2AA.');
    expect(text).toContain('Free next-working-day delivery in mainland UK on orders over £75.00 ex-VAT');
    expect(staticPageContent('about', shop).html).toContain('<a href="/delivery-information">delivery services and costs</a>');
  });

  it('the Contact page has the address, both phone numbers as tel: links, the e-mail and the opening hours (SPEC 1)', () => {
    const content = staticPageContent('contact', shop);
    const text = pageText('contact');
    for (const part of ['Unit 4, Airedale Trade Park', 'Kirkstall Road', 'Leeds', 'LS4 2AA', 'United Kingdom']) expect(text).toContain(part);
    expect(content.html).toContain('<a href="tel:01134960000" class="text-lg font-semibold no-underline">0113 496 0000</a>');
    expect(content.html).toContain('<a href="tel:02079460000" class="text-lg font-semibold no-underline">020 7946 0000</a>');
    expect(content.html).toContain('<a href="mailto:sales@example.com" class="text-lg font-semibold break-all no-underline">sales@example.com</a>');
    expect(text).toContain('Monday - Friday 9am - 5.30pm Saturday Closed Sunday Closed');
    expect(content.aside).toContain('Company details');
    expect(textOf(content.aside!)).toContain('VAT number GB 000 0000 00 (demo)');
  });

  it('the Terms page has its numbered sections, in SPEC order, with a contents list', () => {
    const content = staticPageContent('terms', shop);
    const headings = [...content.html.matchAll(/<h2 id="([a-z-]+)">([^<]+)<\/h2>/g)].map((m) => [m[1], m[2]]);
    expect(headings).toEqual([
      ['definitions', '1. Definitions'],
      ['price-and-payment', '2. Price and Payment'],
      ['delivery-and-title', '3. Delivery and Title'],
      ['availability', '4. Availability'],
      ['cancellation-and-returns', '5. Cancellation and Returns'],
      ['warranty', '6. Warranty'],
      ['termination', '7. Termination'],
      ['events-beyond-control', '8. Events Beyond Control'],
      ['general-terms', '9. General Terms'],
    ]);
    expect(content.html).toContain('<a href="#events-beyond-control">8. Events Beyond Control</a>');
    const text = pageText('terms');
    expect(text).toContain('1.1 ‘Seller’, ‘we’ and ‘us’ mean Boxwell Packaging Supplies Ltd, a company registered in England and Wales');
    expect(content.html).toContain('<strong>‘Seller’</strong>');
    // SPEC 8: the numbers of the terms.
    for (const rule of [
      'A quotation is valid for 30 days',
      'must pay each invoice within 7 days of the date of the invoice',
      '(±10%)',
      'within 3 days of delivery',
      'for a period of 6 months from delivery',
      'within 14 days of discovering it, and in any event no later than 30 days from delivery',
      'Delivery is free to mainland UK addresses on orders over £75.00 excluding VAT; otherwise a delivery charge of £4.99 plus VAT applies.',
      '(currently 20%)',
    ]) {
      expect(text).toContain(rule);
    }
  });

  it('the delivery page shows the threshold and fee in pounds, the charges table and the dispatch rules', () => {
    const content = staticPageContent('delivery-information', shop);
    expect(textOf(content.intro!)).toBe('Fast, reliable delivery across the UK, free on orders over £75.00 excluding VAT to addresses in mainland UK.');
    expect(content.html).toContain('<caption class="sr-only">Delivery charges by destination and order value</caption>');
    expect(content.html).toContain(
      '<th scope="row" class="py-2.5 pr-3 font-medium text-stone-900">Mainland UK <span class="block font-normal text-stone-600">Orders over £75.00 ex-VAT</span></th>',
    );
    const text = pageText('delivery-information');
    expect(text).toContain('£4.99 + VAT');
    expect(text).toContain('Orders placed on a Friday after 3pm, or at the weekend, are dispatched on Monday.');
    expect(text).toContain('We cannot deliver to PO boxes.');
    // Remote postcodes: the configured carriage, and the districts of delivery/remote-postcodes.ts.
    expect(text).toContain('£14.99 + VAT whatever the order value');
    expect(text).toContain('PH19-26, PH30-44 and PH49-50');
  });

  it('the payment and privacy pages show the bank details and the browser storage keys', () => {
    const payment = staticPageContent('payment-policy', shop).html;
    expect(payment).toContain('<dd class="font-mono font-medium text-stone-900">00-00-00</dd>');
    expect(textOf(payment)).toContain('it is BXW followed by a code of six letters and digits that belongs to your order alone (for example BXW-7KQ4MC)');
    const privacy = staticPageContent('privacy', shop).html;
    expect(privacy).toContain('<dt class="font-mono text-xs font-semibold text-stone-900 sm:pt-0.5">cb_isCookieAccepted</dt>');
    expect(privacy).toContain('<span class="mt-0.5 block text-stone-600">Kept until you log out.</span>');
    expect(privacy).toContain('<a href="https://ico.org.uk" rel="noopener noreferrer">ico.org.uk</a>');
    expect(pageText('return-policy')).toContain('call us on 0113 496 0000 or e-mail sales@example.com');
  });

  it('the returns page sends a customer to the online return form on their order, with the phone and e-mail as a fallback', () => {
    const page = staticPageContent('return-policy', shop);
    expect(page.html).toContain('<a href="/order-history">your orders</a>');
    expect(textOf(page.html)).toContain('then choose Return or claim items');
    expect(textOf(page.html)).toContain('add up to three photos');
  });

  it('the privacy page says what is kept after an account is closed, for how long, and where a customer downloads their data or closes their account', () => {
    const privacy = staticPageContent('privacy', shop).html;
    const text = textOf(privacy);
    expect(text).toContain('When you close it, they are erased at once.');
    expect(text).toContain('kept for 6 years after the end of the financial year they relate to, as HMRC requires, even after you close your account');
    expect(text).toContain('Download your data:');
    expect(text).toContain('Close your account:');
    expect(privacy).toContain('<a href="/account">My Account</a>');
  });

  it.each(pages)('%s escapes configuration values: they are never read as Markdown or HTML', (page) => {
    const evilShop = hostileShop();
    const content = staticPageContent(page, evilShop);
    for (const html of [content.html, content.intro ?? '', content.aside ?? '']) {
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<em>em</em>');
      expect(html).not.toMatch(/href="javascript:/);
      expect(html).not.toContain('zzplaceholder');
      // Attributes are never broken out of: every quote in a value is an entity.
      expect(html).not.toMatch(/="[^"]*"q"/);
    }
    expect(content.html + (content.intro ?? '')).toContain('&#60;script&#62;alert(1)&#60;/script&#62; *em* [x](javascript:alert(1)) &#34;q&#34; &#39;a&#39; &#38; {{shop.email}} ::: card');
  });

  it('tel: links keep only the digits of a phone number; mailto: links are escaped', () => {
    const evil = { ...shop, phones: { sales: '0113" onclick="x', office: '020 7946 0000' }, email: 'a"b@example.com' };
    const source = '---\ntitle: T\ndescription: D\n---\n[{{shop.phones.sales}}](tel:{{shop.phones.sales}}) [{{shop.email}}](mailto:{{shop.email}})';
    const html = renderStaticContent(source, evil).html;
    expect(html).toContain('<a href="tel:0113">0113&#34; onclick=&#34;x</a>');
    expect(html).toContain('href="mailto:a%22b@example.com"');
  });
});

describe('mistakes in the Markdown fail loudly', () => {
  const render = (markdown: string) => renderStaticContent(`---\ntitle: T\ndescription: D\n---\n${markdown}`, shop, 'test.md');

  it('an unknown placeholder is an error, not braces on the page', () => {
    expect(() => render('Call {{shop.phones.mobile}} now.')).toThrow('test.md: unknown placeholder {{shop.phones.mobile}}');
    expect(() => render('# {{shop.address}}')).toThrow(/unknown placeholder \{\{shop\.address\}\}/);
    expect(() => render('{{shop.openingHours}}')).toThrow(/unknown placeholder/);
    expect(() => render('Broken {{ shop.email')).toThrow(/placeholder was not filled/);
  });

  it('raw HTML, images and unexpected link targets are refused', () => {
    expect(() => render('Hello <b>there</b>')).toThrow(/raw HTML is not allowed/);
    expect(() => render('<div>block</div>')).toThrow(/raw HTML is not allowed/);
    expect(() => render('![logo](/logo.png)')).toThrow(/images are not allowed/);
    expect(() => render('[x](javascript:alert(1))')).toThrow(/link target not allowed/);
    expect(() => render('[x](//evil.example)')).toThrow(/link target not allowed/);
    expect(() => render('[x](http://example.com)')).toThrow(/link target not allowed/);
  });

  it('unknown, unclosed or misplaced directives are errors', () => {
    expect(() => render('::: sidebar\ntext\n:::')).toThrow(/unknown directive ::: sidebar/);
    expect(() => render('::: checklist\n- one\n')).toThrow(/directive was not closed/);
    expect(() => render('::: facts nope\n- a: b\n:::')).toThrow(/unknown style 'nope'/);
    expect(() => render(':::: cards\n::: intro\nx\n:::\n::::')).toThrow(/top level/);
    expect(() => render('::: card\nNo heading\n:::')).toThrow(/starts with a ## heading/);
  });

  it('the front matter needs a title and a description', () => {
    expect(() => renderStaticContent('---\ntitle: T\n---\nText', shop, 'x.md')).toThrow('x.md: front matter needs a description');
    expect(() => renderStaticContent('---\ntitle: T\nauthor: me\n---\nText', shop, 'x.md')).toThrow(/front matter line not understood/);
  });

  it('every number in the configuration is declared as money or a plain number', () => {
    const values = placeholderValues(shop);
    expect(values.get('shop.freeDeliveryThreshold')).toBe('£75.00');
    expect(values.get('shop.deliveryFee')).toBe('£4.99');
    expect(values.get('shop.vatRatePercent')).toBe('20');
    expect(values.get('storageKeys.sessionId')).toBe('session_id');
    expect(() => placeholderValues({ ...shop, newNumber: 3 } as PublicShopDetails)).toThrow(/shop\.newNumber is money or a plain number/);
  });
});
