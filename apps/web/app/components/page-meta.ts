/**
 * Title and description of a public page, present in the server HTML (SPEC 3 "Page metadata").
 * The shop's name comes from the configuration, carried by the root loader.
 */
interface MetaMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export function shopNameFrom(matches: readonly (MetaMatch | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { shop?: { tradingName?: string } } | undefined;
  return data?.shop?.tradingName ?? 'Packaging Shop';
}

export function pageMeta(matches: readonly (MetaMatch | undefined)[], title: string, description: string, keywords?: string) {
  const shopName = shopNameFrom(matches);
  const tags: Array<Record<string, string>> = [
    { title: `${title} | ${shopName}` },
    { name: 'description', content: description },
    { property: 'og:title', content: `${title} | ${shopName}` },
    { property: 'og:description', content: description },
  ];
  if (keywords) tags.push({ name: 'keywords', content: keywords });
  return tags;
}
