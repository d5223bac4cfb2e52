/**
 * The static and legal pages (SPEC 1) are Markdown files beside this module, rendered to HTML
 * here, on the server, so their text is never shipped in a route chunk.
 *
 * A page file is optional front matter (title, description, keywords: the page meta) and a
 * Markdown body with:
 *
 * - placeholders `{{shop.phones.sales}}`, filled from the shop configuration (DESIGN section 6)
 *   and `{{storageKeys.token}}` (the browser storage keys of SPEC 3). Amounts of money are
 *   formatted in pounds. An unknown placeholder is an error, never printed as braces;
 * - directives, `::: name argument` ... `:::` (nested ones with longer fences, `::::`), for the
 *   few blocks Markdown has no element for: cards, definition lists, the numbered clauses of
 *   the terms. Each maps to fixed markup written below, so the pages look as they did when
 *   they were JSX, and class names stay in code, where Tailwind finds them.
 *
 * Values from the configuration never pass through Markdown or HTML parsing: placeholders are
 * swapped for inert tokens before Markdown is parsed, and the tokens replaced by the
 * HTML-escaped values afterwards (in link targets, by the escaped target). Raw HTML, images and
 * links other than site-relative, #anchors, https, mailto: and tel: are refused: the Markdown is
 * ours, but nothing in it needs more, so nothing more is trusted.
 *
 * Output is cached per page and configuration object (the services' `shop` lives as long as
 * the process).
 */
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Marked, type RendererThis, type Token, type Tokens, type TokenizerAndRendererExtension } from 'marked';
import type { PublicShopDetails } from '@shop/contract';
import { formatPounds, storageKeys } from '@shop/contract/browser';
import { CheckIcon, MailIcon, PhoneIcon, TruckIcon } from '../components/icons';
import type { StaticPageContent } from '../components/static-page';
import about from './about.md?raw';
import contact from './contact.md?raw';
import deliveryInformation from './delivery-information.md?raw';
import paymentPolicy from './payment-policy.md?raw';
import privacy from './privacy.md?raw';
import returnPolicy from './return-policy.md?raw';
import terms from './terms.md?raw';

export type { StaticPageContent };

export const staticPageSources = {
  about,
  contact,
  'delivery-information': deliveryInformation,
  'payment-policy': paymentPolicy,
  privacy,
  'return-policy': returnPolicy,
  terms,
} as const;

export type StaticPageName = keyof typeof staticPageSources;

const cache = new WeakMap<PublicShopDetails, Map<StaticPageName, StaticPageContent>>();

/** The page rendered with this configuration's values (cached). */
export function staticPageContent(page: StaticPageName, shop: PublicShopDetails): StaticPageContent {
  let pages = cache.get(shop);
  if (!pages) {
    pages = new Map();
    cache.set(shop, pages);
  }
  let content = pages.get(page);
  if (!content) {
    content = renderStaticContent(staticPageSources[page], shop, `${page}.md`);
    pages.set(page, content);
  }
  return content;
}

/** Amounts of money in the configuration, shown as pounds (the contract: 'Pounds ex-VAT'). */
const MONEY_VALUES = new Set(['shop.freeDeliveryThreshold', 'shop.deliveryFee', 'shop.remoteDeliveryFee']);
/** Numbers shown as they are. Every number must be in one of the two sets. */
const PLAIN_NUMBERS = new Set(['shop.vatRatePercent', 'shop.quoteValidityDays']);

/** Every placeholder a page may use, with its text (not yet escaped). */
export function placeholderValues(shop: PublicShopDetails): Map<string, string> {
  const values = new Map<string, string>();
  const add = (path: string, value: unknown): void => {
    if (typeof value === 'string') values.set(path, value);
    else if (typeof value === 'number') {
      if (MONEY_VALUES.has(path)) values.set(path, formatPounds(value));
      else if (PLAIN_NUMBERS.has(path)) values.set(path, String(value));
      else throw new Error(`Static content: say whether ${path} is money or a plain number (static-content.server.ts)`);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) add(`${path}.${key}`, child);
    }
    // Lists (the opening hours) have no text form: a directive shows them.
  };
  add('shop', shop);
  add('storageKeys', storageKeys);
  return values;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Kebab-case id from a heading: 'Price and Payment' -> 'price-and-payment'. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;
const TOKEN_PREFIX = 'zzplaceholder';
const TOKEN = /zzplaceholder(\d+)zz/g;

/** Renders one page's Markdown with the configuration's values. Throws on any mistake in it. */
export function renderStaticContent(source: string, shop: PublicShopDetails, file = 'content'): StaticPageContent {
  const fail = (message: string): never => {
    throw new Error(`${file}: ${message}`);
  };
  const values = placeholderValues(shop);
  if (source.includes(TOKEN_PREFIX)) fail(`must not contain '${TOKEN_PREFIX}'`);

  // Placeholders become tokens that Markdown reads as plain words.
  const filled: string[] = [];
  const hold = (value: string): string => `${TOKEN_PREFIX}${filled.push(value) - 1}zz`;
  const tokenize = (text: string): string =>
    text.replace(PLACEHOLDER, (_, path: string) => {
      const value = values.get(path);
      return value === undefined ? fail(`unknown placeholder {{${path}}}`) : hold(value);
    });
  const valueOf = (token: string): string => filled[Number(token)]!;
  const raw = (text: string): string => text.replace(TOKEN, (_, index: string) => valueOf(index));
  const fill = (html: string): string => html.replace(TOKEN, (_, index: string) => escapeHtml(valueOf(index)));

  const normalised = source.replace(/\r\n?/g, '\n');
  const frontMatter = FRONT_MATTER.exec(normalised);
  const meta = new Map<string, string>();
  for (const line of frontMatter?.[1]?.split('\n') ?? []) {
    const field = /^(title|description|keywords):\s*(.+)$/.exec(line);
    if (!field) fail(`front matter line not understood: ${line}`);
    meta.set(field![1]!, raw(tokenize(field![2]!.trim())));
  }
  const body = tokenize(frontMatter ? normalised.slice(frontMatter[0].length) : normalised);

  const marked = createMarked({ fail, raw, hold, openingHours: shop.openingHours });
  const tokens = marked.lexer(body);
  // The introduction and the side box are top-level blocks rendered apart from the body.
  const isPart = (t: Token): boolean => t.type === 'directive' && (t.name === 'intro' || t.name === 'aside');
  const part = (name: 'intro' | 'aside'): string | null => {
    const found = tokens.filter((t) => t.type === 'directive' && t.name === name);
    if (found.length > 1) fail(`more than one ::: ${name}`);
    return found[0] ? fill(checked(marked.parser(found), fail)) : null;
  };
  const main = tokens.filter((t) => !isPart(t));
  const nested = (list: Token[]): boolean => list.some((t) => isPart(t) || nested((t as DirectiveToken).tokens ?? []));
  if (nested(main)) fail('::: intro and ::: aside belong at the top level');
  const intro = part('intro');
  const aside = part('aside');
  const html = fill(checked(marked.parser(main), fail));

  const title = meta.get('title') ?? fail('front matter needs a title');
  const description = meta.get('description') ?? fail('front matter needs a description');
  const keywords = meta.get('keywords');
  return { title, description, ...(keywords ? { keywords } : {}), intro, html, aside };
}

function checked(html: string, fail: (message: string) => never): string {
  if (html.includes('{{') || html.includes('}}')) fail(`a placeholder was not filled: ${/.{0,40}(\{\{|\}\}).{0,40}/.exec(html)?.[0]}`);
  if (html.includes(':::')) fail(`a directive was not closed or not separated by blank lines: ${/.{0,40}:::.{0,40}/.exec(html)?.[0]}`);
  return html;
}

// ---------------------------------------------------------------------------------------------
// Markdown: marked with the directives and the markup the pages had as JSX.

const DIRECTIVES = [
  'intro',
  'aside',
  'pull-quote',
  'checklist',
  'small-print',
  'cards',
  'card',
  'offer',
  'facts',
  'address',
  'opening-hours',
  'table',
  'numbered-sections',
] as const;
type DirectiveName = (typeof DIRECTIVES)[number];

interface DirectiveToken {
  type: 'directive';
  raw: string;
  name: DirectiveName;
  /** The rest of the opening line: a style keyword or a short text (inline Markdown). */
  argument: string;
  argumentTokens: Token[];
  tokens: Token[];
}

/** Classes of the definition lists (`::: facts <style>`): term, description, optional row wrapper. */
const FACT_STYLES = {
  /** The phone numbers on the contact page. */
  contact: { dl: 'space-y-3 text-sm', row: '', dt: 'text-stone-600', dd: '', link: 'text-lg font-semibold no-underline' },
  /** The company details beside the contact page. */
  company: { dl: 'mt-3 space-y-3', row: '', dt: 'text-stone-600', dd: 'font-medium text-stone-900', link: '' },
  /** The bank transfer details (a two-column grid, no row wrappers). */
  bank: {
    dl: 'mb-4 grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-stone-200 bg-stone-50 px-5 py-4 text-sm',
    row: null,
    dt: 'text-stone-600',
    dd: 'font-medium text-stone-900',
    link: '',
  },
  /** The browser storage table of the privacy policy. */
  storage: {
    dl: 'mb-4 divide-y divide-stone-200 rounded-lg border border-stone-200 text-sm',
    row: 'grid gap-1 px-4 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4',
    dt: 'font-mono text-xs font-semibold text-stone-900 sm:pt-0.5',
    dd: 'text-stone-700',
    link: '',
  },
} as const;

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = { phone: PhoneIcon, mail: MailIcon };

function icon(Icon: ComponentType<SVGProps<SVGSVGElement>>, size: number, className: string): string {
  return renderToStaticMarkup(createElement(Icon, { width: size, height: size, className }));
}

function classAttr(className: string): string {
  return className ? ` class="${className}"` : '';
}

interface MarkedHelpers {
  fail: (message: string) => never;
  /** The text with placeholder tokens replaced by their (unescaped) values. */
  raw: (text: string) => string;
  /** A token for a text from the configuration, escaped and put in once the HTML is checked. */
  hold: (value: string) => string;
  openingHours: PublicShopDetails['openingHours'];
}

function createMarked({ fail, raw, hold, openingHours }: MarkedHelpers): Marked {
  /** Context for inline markup inside a block whose links or emphasis are styled. */
  const inline = { linkClass: '', emClass: '', tableCaption: '' };
  const withInline = <T>(settings: Partial<typeof inline>, render: () => T): T => {
    const saved = { ...inline };
    Object.assign(inline, settings);
    try {
      return render();
    } finally {
      Object.assign(inline, saved);
    }
  };

  const directive: TokenizerAndRendererExtension = {
    name: 'directive',
    level: 'block',
    start: (src) => /^:{3,}/m.exec(src)?.index,
    tokenizer(src) {
      const match = /^(:{3,})[ \t]*([a-z][a-z-]*)[ \t]*([^\n]*)\n((?:[^\n]*\n)*?)\1[ \t]*(?:\n+|$)/.exec(src);
      if (!match) return undefined;
      const [whole, , name = '', argument = '', body = ''] = match;
      if (!(DIRECTIVES as readonly string[]).includes(name)) fail(`unknown directive ::: ${name}`);
      const token: DirectiveToken = {
        type: 'directive',
        raw: whole,
        name: name as DirectiveName,
        argument: argument.trim(),
        argumentTokens: this.lexer.inlineTokens(argument.trim()),
        tokens: [],
      };
      this.lexer.blockTokens(body, token.tokens);
      return token;
    },
    renderer(token) {
      return renderDirective.call(this, token as DirectiveToken);
    },
  };

  function blocks(token: DirectiveToken): Token[] {
    return token.tokens.filter((t) => t.type !== 'space');
  }

  function renderDirective(this: RendererThis, token: DirectiveToken): string {
    const children = blocks(token);
    const inlineOf = (t: Token | undefined): string => {
      if (t?.type !== 'paragraph' && t?.type !== 'text') fail(`::: ${token.name} expects a paragraph, found ${t?.type ?? 'nothing'}`);
      return this.parser.parseInline((t as Tokens.Paragraph).tokens);
    };
    const only = (type: string): Token => {
      if (children.length !== 1 || children[0]!.type !== type) fail(`::: ${token.name} holds one ${type}`);
      return children[0]!;
    };
    switch (token.name) {
      case 'intro':
        return this.parser.parse(children);
      case 'aside':
        return renderAside.call(this, children);
      case 'pull-quote': {
        if (children.length !== 2) fail('::: pull-quote holds the quotation and its caption, as two paragraphs');
        return (
          '<figure class="mb-8 rounded-lg border-l-4 border-accent-400 bg-brand-50 px-5 py-4">' +
          `<blockquote class="text-lg font-semibold text-brand-800 sm:text-xl">${inlineOf(children[0])}</blockquote>` +
          `<figcaption class="mt-1 text-sm text-stone-600">${inlineOf(children[1])}</figcaption></figure>\n`
        );
      }
      case 'checklist': {
        const list = only('list') as Tokens.List;
        const check = icon(CheckIcon, 18, 'mt-0.5 shrink-0 text-brand-600');
        const items = list.items.map(
          (item) =>
            `<li class="mb-0 flex items-start gap-2 rounded-md bg-stone-50 px-3 py-2.5 text-sm text-stone-700">${check}${this.parser.parse(item.tokens)}</li>`,
        );
        return `<ul class="mb-6 grid list-none gap-3 pl-0 sm:grid-cols-2">${items.join('')}</ul>\n`;
      }
      case 'small-print':
        return children.map((p) => `<p class="border-t border-stone-200 pt-4 text-sm">${inlineOf(p)}</p>\n`).join('');
      case 'cards': {
        for (const child of children) {
          if (child.type !== 'directive' || (child.name !== 'card' && child.name !== 'offer')) fail('::: cards holds only ::: card and ::: offer');
        }
        return `<div class="mb-8 grid gap-4 sm:grid-cols-2">${this.parser.parse(children)}</div>\n`;
      }
      case 'card':
        return renderCard.call(this, token, children);
      case 'offer': {
        // A delivery offer: what it applies to, the price (emphasis: its small print), a note.
        if (children.length !== 3) fail('::: offer holds three paragraphs: what it applies to, the price, a note');
        const highlight = token.argument === 'highlight';
        const price = withInline({ emClass: 'text-base font-semibold text-stone-600' }, () => inlineOf(children[1]));
        return (
          `<div class="rounded-lg border ${highlight ? 'border-brand-200 bg-brand-50' : 'border-stone-200 bg-stone-50'} p-5">` +
          icon(TruckIcon, 28, highlight ? 'text-brand-600' : 'text-stone-500') +
          `<p class="mt-2 mb-1 text-sm font-medium text-stone-700">${inlineOf(children[0])}</p>` +
          `<p class="mb-0 text-2xl font-bold ${highlight ? 'text-brand-700' : 'text-stone-900'}">${price}</p>` +
          `<p class="mt-1 mb-0 text-sm text-stone-600">${inlineOf(children[2])}</p></div>\n`
        );
      }
      case 'facts':
        return renderFacts.call(this, token, only('list') as Tokens.List);
      case 'address': {
        const lines = inlineOf(only('paragraph')).trim().split('\n');
        return `<address class="text-sm leading-relaxed text-stone-700 not-italic">${lines.join('<br />')}</address>\n`;
      }
      case 'opening-hours':
        if (children.length) fail('::: opening-hours takes no content: the hours come from the configuration');
        return openingHoursHtml();
      case 'table': {
        const table = only('table');
        return withInline({ tableCaption: this.parser.parseInline(token.argumentTokens) }, () => this.parser.parse([table]));
      }
      case 'numbered-sections':
        return renderNumberedSections.call(this, token, children);
    }
  }

  /** The hours from the configuration (not text in the page): the same list as the side box. */
  function openingHoursHtml(): string {
    return `<dl class="space-y-1 rounded-md bg-stone-50 px-3 py-2 text-sm">${openingHours
      .map(
        (row) =>
          `<div class="flex justify-between gap-4"><dt class="text-stone-700">${hold(row.days)}</dt>` +
          `<dd class="${row.hours.toLowerCase() === 'closed' ? 'text-stone-600' : 'font-medium text-stone-900'}">${hold(row.hours)}</dd></div>`,
      )
      .join('')}</dl>\n`;
  }

  /** A bordered card: a heading (with an icon when the argument names one), then its content. */
  function renderCard(this: RendererThis, token: DirectiveToken, children: Token[]): string {
    const [heading, ...rest] = children;
    if (heading?.type !== 'heading' || heading.depth !== 2) fail('::: card starts with a ## heading');
    const title = heading as Tokens.Heading;
    const id = slug(raw(title.text));
    const Icon = token.argument ? (ICONS[token.argument] ?? fail(`::: card: unknown icon '${token.argument}'`)) : null;
    const headingHtml = Icon
      ? `<h2 id="${id}" class="mt-0 flex items-center gap-2 text-lg">${icon(Icon, 20, 'text-brand-600')} ${this.parser.parseInline(title.tokens)}</h2>`
      : `<h2 id="${id}" class="mt-0 text-lg">${this.parser.parseInline(title.tokens)}</h2>`;
    let previousWasLink = false;
    const body = rest.map((child, index) => {
      if (child.type !== 'paragraph') {
        previousWasLink = false;
        return this.parser.parse([child]);
      }
      const paragraph = child as Tokens.Paragraph;
      const isLast = index === rest.length - 1 && index > 0;
      // A paragraph that is only a link (the e-mail address) is shown large.
      if (paragraph.tokens.length === 1 && paragraph.tokens[0]!.type === 'link') {
        previousWasLink = true;
        const link = withInline({ linkClass: 'text-lg font-semibold break-all no-underline' }, () => this.parser.parseInline(paragraph.tokens));
        return `<p class="mb-0">${link}</p>`;
      }
      // The last paragraph, after the details, is a note.
      const className = isLast ? `${previousWasLink ? 'mt-2' : 'mt-3'} mb-0 text-sm text-stone-600` : 'text-sm';
      previousWasLink = false;
      return `<p class="${className}">${this.parser.parseInline(paragraph.tokens)}</p>`;
    });
    return `<section aria-labelledby="${id}" class="rounded-lg border border-stone-200 p-5">${headingHtml}${body.join('')}</section>\n`;
  }

  /** The side box replacing the contact details box: a heading, facts, a closing line. */
  function renderAside(this: RendererThis, children: Token[]): string {
    const [heading, ...rest] = children;
    if (heading?.type !== 'heading' || heading.depth !== 2) fail('::: aside starts with a ## heading');
    const title = heading as Tokens.Heading;
    const id = `${slug(raw(title.text))}-heading`;
    const body = rest.map((child) =>
      child.type === 'paragraph'
        ? `<p class="mt-4 border-t border-stone-200 pt-4 text-stone-600">${this.parser.parseInline((child as Tokens.Paragraph).tokens)}</p>`
        : this.parser.parse([child]),
    );
    return (
      `<aside aria-labelledby="${id}" class="card px-5 py-5 text-sm text-stone-700 lg:sticky lg:top-4">` +
      `<h2 id="${id}" class="text-base font-semibold text-stone-900">${this.parser.parseInline(title.tokens)}</h2>${body.join('')}</aside>\n`
    );
  }

  /**
   * A definition list from a Markdown list of `Term: description` items. A nested list under an
   * item adds notes below the description; a term or description that is only a code span is
   * shown in monospace.
   */
  function renderFacts(this: RendererThis, token: DirectiveToken, list: Tokens.List): string {
    const style = FACT_STYLES[token.argument as keyof typeof FACT_STYLES] ?? fail(`::: facts: unknown style '${token.argument}'`);
    const part = (tokens: Token[], element: 'dt' | 'dd', className: string): string => {
      const meaningful = tokens.filter((t) => !(t.type === 'text' && !(t as Tokens.Text).text.trim()));
      if (meaningful.length === 1 && meaningful[0]!.type === 'codespan') {
        const mono = className.includes('font-mono') ? className : `font-mono ${className}`.trim();
        return `<${element}${classAttr(mono)}>${escapeHtml((meaningful[0] as Tokens.Codespan).text)}</${element}>`;
      }
      return `<${element}${classAttr(className)}>${this.parser.parseInline(tokens)}</${element}>`;
    };
    const rows = list.items.map((item) => {
      const [first, ...nested] = item.tokens;
      if (first?.type !== 'text' || !(first as Tokens.Text).tokens) fail('::: facts items are `Term: description`');
      const [term, description] = splitAtColon((first as Tokens.Text).tokens!) ?? fail(`::: facts item without 'Term: ': ${item.raw.trim()}`);
      const notes = nested.flatMap((t) =>
        t.type === 'list'
          ? (t as Tokens.List).items.map((note) => `<span class="mt-0.5 block text-stone-600">${this.parser.parse(note.tokens)}</span>`)
          : fail('::: facts: only a nested list may follow an item'),
      );
      const dd = withInline({ linkClass: style.link }, () =>
        notes.length
          ? `<dd${classAttr(style.dd)}>${this.parser.parseInline(description)}${notes.join('')}</dd>`
          : part(description, 'dd', style.dd),
      );
      const pair = part(term, 'dt', style.dt) + dd;
      return style.row === null ? pair : `<div${classAttr(style.row)}>${pair}</div>`;
    });
    return `<dl class="${style.dl}">${rows.join('')}</dl>\n`;
  }

  /**
   * The terms: each `## Title` followed by an ordered list becomes section N with clauses N.1,
   * N.2, ...; a contents list (the argument is its label) links to the sections.
   */
  function renderNumberedSections(this: RendererThis, token: DirectiveToken, children: Token[]): string {
    const sections: Array<{ id: string; title: string; clauses: Tokens.ListItem[] }> = [];
    for (let i = 0; i < children.length; i += 2) {
      const heading = children[i];
      const list = children[i + 1];
      if (heading?.type !== 'heading' || heading.depth !== 2 || list?.type !== 'list' || !(list as Tokens.List).ordered) {
        fail('::: numbered-sections holds pairs of a ## heading and a numbered list');
      }
      const title = this.parser.parseInline((heading as Tokens.Heading).tokens);
      sections.push({ id: slug(raw((heading as Tokens.Heading).text)), title, clauses: (list as Tokens.List).items });
    }
    const contents =
      '<nav aria-label="Sections" class="mb-8 rounded-lg border border-stone-200 bg-stone-50 px-5 py-4">' +
      `<p class="mb-2 text-sm font-semibold text-stone-900">${this.parser.parseInline(token.argumentTokens)}</p>` +
      '<ol class="mb-0 list-none gap-x-6 pl-0 text-sm sm:columns-2">' +
      sections.map((s, i) => `<li class="mb-1 break-inside-avoid"><a href="#${s.id}">${i + 1}. ${s.title}</a></li>`).join('') +
      '</ol></nav>\n';
    const body = sections.map((section, i) => {
      const clauses = section.clauses.map(
        (clause, j) =>
          '<li class="flex gap-3">' +
          `<span class="w-8 shrink-0 font-medium text-stone-900 tabular-nums">${i + 1}.${j + 1}</span>` +
          `<span class="min-w-0">${this.parser.parse(clause.tokens)}</span></li>`,
      );
      return (
        `<section aria-labelledby="${section.id}" class="scroll-mt-4"><h2 id="${section.id}">${i + 1}. ${section.title}</h2>` +
        `<ol class="list-none pl-0">${clauses.join('')}</ol></section>\n`
      );
    });
    return contents + body.join('');
  }

  return new Marked({
    async: false,
    gfm: true,
    extensions: [directive],
    renderer: {
      html: (token) => fail(`raw HTML is not allowed: ${token.text.trim().slice(0, 60)}`),
      image: (token) => fail(`images are not allowed: ${token.raw}`),
      link(this: RendererThis, token) {
        // Checked once the values are in: a value at the start of a target could change its kind.
        const target = raw(token.href);
        let href: string;
        let external = false;
        if (/^tel:/i.test(target)) href = `tel:${target.slice(4).replace(/[^\d+]/g, '')}`;
        else if (/^mailto:/i.test(target)) href = `mailto:${encodeURI(target.slice(7))}`;
        else if (/^https:\/\/[^/\s]/i.test(target)) {
          href = encodeURI(target);
          external = true;
        } else if (/^\/(?![/\\])/.test(target) || target.startsWith('#')) href = encodeURI(target);
        else return fail(`link target not allowed: ${target}`);
        const rel = external ? ' rel="noopener noreferrer"' : '';
        return `<a href="${hold(href)}"${rel}${classAttr(inline.linkClass)}>${this.parser.parseInline(token.tokens)}</a>`;
      },
      em(this: RendererThis, token) {
        const content = this.parser.parseInline(token.tokens);
        return inline.emClass ? `<span class="${inline.emClass}">${content}</span>` : `<em>${content}</em>`;
      },
      /**
       * The delivery charges table: first column row headings (emphasis in them: a second line),
       * cells in strong text highlighted, the caption (for screen readers) from `::: table <caption>`.
       */
      table(this: RendererThis, token) {
        const caption = inline.tableCaption ? `<caption class="sr-only">${inline.tableCaption}</caption>` : '';
        const last = (i: number, length: number) => i === length - 1;
        const head = token.header
          .map((cell, i) => `<th scope="col" class="py-2 ${last(i, token.header.length) ? '' : 'pr-3 '}font-semibold">${this.parser.parseInline(cell.tokens)}</th>`)
          .join('');
        const rows = token.rows.map((row, r) => {
          const cells = row.map((cell, i) => {
            const padding = last(i, row.length) ? 'py-2.5' : 'py-2.5 pr-3';
            if (i === 0) {
              const content = withInline({ emClass: 'block font-normal text-stone-600' }, () => this.parser.parseInline(cell.tokens));
              return `<th scope="row" class="${padding} font-medium text-stone-900">${content}</th>`;
            }
            // A cell that is all strong text (Free) is highlighted.
            const [only, ...more] = cell.tokens;
            if (only?.type === 'strong' && !more.length) {
              return `<td class="${padding} font-semibold text-brand-700">${this.parser.parseInline((only as Tokens.Strong).tokens)}</td>`;
            }
            return `<td class="${padding}">${this.parser.parseInline(cell.tokens)}</td>`;
          });
          return `<tr${last(r, token.rows.length) ? '' : ' class="border-b border-stone-200"'}>${cells.join('')}</tr>`;
        });
        return (
          `<table class="mb-4 w-full border-collapse text-left text-sm">${caption}` +
          `<thead><tr class="border-b-2 border-stone-200 text-stone-900">${head}</tr></thead>` +
          `<tbody class="align-top text-stone-700">${rows.join('')}</tbody></table>\n`
        );
      },
    },
  });
}

/** Splits inline tokens at the first ': ' into term and description. */
function splitAtColon(tokens: Token[]): [Token[], Token[]] | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== 'text') continue;
    const text = (token as Tokens.Text).text;
    const at = text.indexOf(': ');
    if (at < 0) continue;
    const before = text.slice(0, at);
    const after = text.slice(at + 2);
    const piece = (t: string): Tokens.Text => ({ type: 'text', raw: t, text: t, escaped: false });
    return [
      [...tokens.slice(0, i), ...(before ? [piece(before)] : [])],
      [...(after ? [piece(after)] : []), ...tokens.slice(i + 1)],
    ];
  }
  return null;
}
