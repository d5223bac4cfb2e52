import { describe, expect, it } from 'vitest';
import { PostcodeSearch, type PostcodeEntry, type PostcodeLookup } from './postcode-lookup.ts';

/** A provider that knows every postcode and counts what it was asked (each ask is a paid lookup). */
function countingProvider(): PostcodeLookup & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async find(postcode) {
      asked.push(postcode);
      const entry: PostcodeEntry = {
        line_1: '1 High Street',
        building_number: '1',
        building_name: '',
        sub_building_name: '',
        thoroughfare: 'High Street',
        post_town: 'Leeds',
        postcode,
        country: 'England',
      };
      return [entry];
    },
  };
}

describe('the postcode search remembers what the provider found', () => {
  it('asks the provider once for a postcode searched again, however it is written', async () => {
    const provider = countingProvider();
    const search = new PostcodeSearch(provider);
    const first = await search.search('ls1 4ap');
    const again = await search.search(' LS14AP ');
    expect(first).toEqual(again);
    expect(again).toMatchObject({ ok: true, entries: [{ postcode: 'LS1 4AP' }] });
    expect(provider.asked).toEqual(['LS1 4AP']);
  });

  it('asks again once the remembered answer is older than its time to live', async () => {
    const provider = countingProvider();
    const search = new PostcodeSearch(provider, { cacheTtlMs: 20 });
    await search.search('LS1 4AP');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await search.search('LS1 4AP');
    expect(provider.asked).toEqual(['LS1 4AP', 'LS1 4AP']);
  });

  it('stays bounded: past its size the postcode asked for least recently is forgotten', async () => {
    const provider = countingProvider();
    const search = new PostcodeSearch(provider, { cacheMaxEntries: 2 });
    await search.search('LS1 4AP');
    await search.search('M1 1AE');
    await search.search('LS1 4AP');
    await search.search('EH1 1YZ');
    provider.asked.length = 0;
    await search.search('LS1 4AP');
    await search.search('EH1 1YZ');
    await search.search('M1 1AE');
    expect(provider.asked).toEqual(['M1 1AE']);
  });
});
