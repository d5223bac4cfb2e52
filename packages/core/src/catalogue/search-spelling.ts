/**
 * Typo tolerance for search, for words that match nothing as typed: the closest word of a
 * product name within a small edit distance, counting a swap of two neighbouring letters as
 * one edit ("tpae" -> "tape", "cardbaord" -> "cardboard"), else the name words it begins.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap) return cap + 1;
  }
  return d[a.length]![b.length]!;
}

/**
 * Edits allowed for a word of this length: none up to 2 letters, 1 up to 7, else 2. Seven
 * letters get one, not two: "glitter" is two edits from "letter", and nobody typing it meant it.
 */
function allowedEdits(word: string): number {
  if (word.length <= 2) return 0;
  return word.length <= 7 ? 1 : 2;
}

/** A typo seldom changes the first letter; swapping the first two is a typo too ("tpae"). */
function sameStart(word: string, candidate: string): boolean {
  return candidate[0] === word[0] || (candidate[0] === word[1] && candidate[1] === word[0]);
}

/**
 * The vocabulary word closest to `word` within the allowed edits (ties: alphabetical first),
 * or null. Only for a word that matches nothing as typed: the caller decides that.
 * The vocabulary is the set of lower-case words of product names.
 */
export function correctWord(word: string, vocabulary: Iterable<string>): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const allowed = allowedEdits(word);
  if (allowed === 0) return null;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  for (const candidate of vocabulary) {
    if (Math.abs(candidate.length - word.length) > allowed || !sameStart(word, candidate)) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance < bestDistance || (distance === bestDistance && best !== null && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : null;
}

/** Most words a cut-off word stands for ("polyprop" -> "polypropylene"). */
const MAX_COMPLETIONS = 8;

/**
 * Vocabulary words that begin with `word`, for a word of 4 or more letters typed short
 * ("corrug", "polyprop"): the shortest first, at most MAX_COMPLETIONS. Empty when none.
 */
export function completeWord(word: string, vocabulary: Iterable<string>): string[] {
  if (!/^[a-z]{4,}$/.test(word)) return [];
  const found: string[] = [];
  for (const candidate of vocabulary) if (candidate.length > word.length && candidate.startsWith(word)) found.push(candidate);
  return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, MAX_COMPLETIONS);
}
