/**
 * From what a customer typed to what the search SQL looks for (CatalogueRepository.searchProducts).
 *
 * 1. Phrases of the synonym list (search-synonyms.ts) are replaced by what the catalogue calls them.
 * 2. Words with a digit ("c4", "8oz", "48mm"), and "DL", are sizes: a product matches one when one of its
 *    sizes is written with it, or its name or description has it.
 * 3. Every other word must match as typed (full text, stemmed: "envelope" finds "Envelopes"),
 *    in the product's name or description. Only a word that matches nothing anywhere is
 *    corrected (the closest name word, search-spelling.ts) or completed ("corrug" ->
 *    "corrugated"). A word that still matches nothing makes the search find nothing: a buyer
 *    is better served by "not found" than by products that merely look like the words.
 *
 * Everything here is in memory (the synonym index is built once, the name vocabulary is
 * cached); only words outside the name vocabulary cost one indexed look-up for all of them.
 */
import { searchWords, type ParsedSearch } from './search-query.ts';
import { completeWord, correctWord } from './search-spelling.ts';
import { searchSynonyms, type SearchSynonym } from './search-synonyms.ts';

export interface SearchPlan {
  /** The whole text, when it could be a product code (one word): matched exactly, first. */
  code: string | null;
  /** Digits and 'x' of a dimension such as 12x9x6, matched against size keys; null when none. */
  sizeKey: string | null;
  /** Every term must match; a term matches when any one of its alternatives (words) does. */
  terms: string[][];
  /** Size words ("c4", "8oz"): each must match a size, or the name or description. */
  sizeWords: string[];
  /** Text to rank names by similarity: the first alternative of each term and the size words. */
  rankText: string;
  /** False when a word matched nothing even after correction: only the product code may match. */
  matchable: boolean;
}

/** How a word outside the name vocabulary fares in the full text of active products. */
export type WordStatus = 'found' | 'stop' | 'missing';

/** Singular form for matching typed phrases: "bags" -> "bag", "boxes" -> "box". */
function singular(word: string): string {
  if (/(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

interface SynonymRule {
  typed: string[];
  means: string[];
}

/** Rules by their first (singular) word, longest phrase first. */
export function synonymIndex(list: readonly SearchSynonym[]): Map<string, SynonymRule[]> {
  const index = new Map<string, SynonymRule[]>();
  for (const entry of list) {
    for (const phrase of entry.typed) {
      const typed = searchWords(phrase).map(singular);
      if (typed.length === 0) continue;
      const rules = index.get(typed[0]!) ?? [];
      rules.push({ typed, means: entry.means });
      index.set(typed[0]!, rules);
    }
  }
  for (const rules of index.values()) rules.sort((a, b) => b.typed.length - a.typed.length);
  return index;
}

const defaultSynonyms = synonymIndex(searchSynonyms);

/** Trade sizes written without a digit, read like "C5" or "A4". */
const SIZE_NAMES = new Set(['dl']);

function isSizeWord(word: string): boolean {
  return /\d/.test(word) || SIZE_NAMES.has(word);
}

type Piece = { word: string } | { alternatives: string[] };

/** Replaces typed phrases of the synonym list; replaced words are not looked up again. */
export function applySynonyms(words: string[], index: Map<string, SynonymRule[]> = defaultSynonyms): Piece[] {
  const keys = words.map(singular);
  const pieces: Piece[] = [];
  let i = 0;
  while (i < words.length) {
    const rule = (index.get(keys[i]!) ?? []).find((r) => r.typed.every((word, k) => keys[i + k] === word));
    if (!rule) {
      pieces.push({ word: words[i]! });
      i += 1;
      continue;
    }
    if (rule.means.length === 1) pieces.push(...searchWords(rule.means[0]!).map((word) => ({ word })));
    else pieces.push({ alternatives: rule.means.map((phrase) => searchWords(phrase).join(' ')) });
    i += rule.typed.length;
  }
  return pieces;
}

/** A name word, or its plural or singular: full text stems both alike ("envelope", "envelopes"). */
function inVocabulary(word: string, vocabulary: ReadonlySet<string>): boolean {
  return vocabulary.has(word) || vocabulary.has(`${word}s`) || vocabulary.has(`${word}es`) || (word.endsWith('s') && vocabulary.has(word.slice(0, -1)));
}

export async function planSearch(
  parsed: ParsedSearch,
  vocabulary: ReadonlySet<string>,
  lookUp: (words: string[]) => Promise<Map<string, WordStatus>>,
): Promise<SearchPlan> {
  const terms: string[][] = [];
  const sizeWords: string[] = [];
  const pending: string[] = [];
  // Terms in the order typed; a pending word keeps its place until it is resolved.
  const slots: (string[] | string)[] = [];
  for (const piece of applySynonyms(parsed.words)) {
    if ('alternatives' in piece) slots.push(piece.alternatives);
    else if (isSizeWord(piece.word)) sizeWords.push(piece.word);
    else if (inVocabulary(piece.word, vocabulary)) slots.push([piece.word]);
    else {
      pending.push(piece.word);
      slots.push(piece.word);
    }
  }
  let matchable = true;
  const statuses = pending.length > 0 ? await lookUp([...new Set(pending)]) : new Map<string, WordStatus>();
  for (const slot of slots) {
    if (typeof slot !== 'string') {
      terms.push(slot);
      continue;
    }
    const status = statuses.get(slot) ?? 'missing';
    if (status === 'stop') continue;
    if (status === 'found') {
      terms.push([slot]);
      continue;
    }
    const corrected = correctWord(slot, vocabulary);
    const completions = corrected ? [corrected] : completeWord(slot, vocabulary);
    if (completions.length > 0) terms.push(completions);
    else matchable = false;
  }
  const code = /^[^\s,;"]{1,40}$/.test(parsed.text) ? parsed.text : null;
  const rankText = [...terms.map((alternatives) => alternatives[0]!), ...sizeWords].join(' ') || parsed.text;
  return { code, sizeKey: parsed.sizeKey, terms, sizeWords, rankText, matchable };
}
