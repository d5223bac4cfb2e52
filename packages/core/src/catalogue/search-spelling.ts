/**
 * Typo tolerance for search: each word a customer types that is not a word of any product
 * name is replaced by the closest name word within a small edit distance, counting a swap of
 * two neighbouring letters as one edit ("tpae" -> "tape", "cardbaord" -> "cardboard").
 * Trigram matching in SQL covers longer partial matches; this covers short words, where a
 * transposition destroys most trigrams.
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

/** Edits allowed for a word of this length: none for very short words, 1 up to 5 letters, else 2. */
function allowedEdits(word: string): number {
  if (word.length <= 2) return 0;
  return word.length <= 5 ? 1 : 2;
}

/** The vocabulary is the set of lower-case words of product names. */
export function correctSpelling(text: string, vocabulary: ReadonlySet<string>): string {
  return text
    .split(' ')
    .map((word) => {
      if (!/^[a-z]+$/.test(word) || vocabulary.has(word)) return word;
      const allowed = allowedEdits(word);
      if (allowed === 0) return word;
      let best = word;
      let bestDistance = allowed + 1;
      for (const candidate of vocabulary) {
        if (Math.abs(candidate.length - word.length) > allowed) continue;
        const distance = editDistance(word, candidate, allowed);
        if (distance < bestDistance || (distance === bestDistance && candidate < best)) {
          best = candidate;
          bestDistance = distance;
        }
      }
      return bestDistance <= allowed ? best : word;
    })
    .join(' ');
}
