/**
 * Misspelt lexicon words ("hikng", "vollyball", "fotography"): an English word no lexicon term
 * and no neighbour covers is compared with the lexicon's one-word English terms, and read as the
 * closest one when it is at most one edit away (two for words of eight letters or more). An edit
 * is a letter added, dropped, changed, or two neighbours swapped.
 *
 * Real words one edit from a term ("booking" from "cooking", "liking" from "hiking") must not be
 * read that way: the neighbour table lists the frequent English words near a term
 * (`realWords` in content/embedding/neighbours.json, from GloVe's vocabulary), and those are
 * never corrected. Short words (under five letters) are never corrected either.
 *
 * Lookups use deletion variants (symmetric delete): every term is indexed under itself and the
 * strings one or two deletions away, a word is looked up the same way, and the few candidates
 * are checked with the real distance. A few dozen Map lookups per unknown word.
 */

export interface SpellingIndex {
  /** Deletion variant → the terms it comes from, in lexicon order. */
  readonly variants: ReadonlyMap<string, readonly string[]>;
  /** Lexicon order of each term, for ties. */
  readonly order: ReadonlyMap<string, number>;
}

export const MIN_CORRECTED_LENGTH = 5;
/** From this length on, two edits are allowed. */
const TWO_EDITS_FROM = 8;

export function allowedEdits(word: string): number {
  return word.length >= TWO_EDITS_FROM ? 2 : 1;
}

/** `word` and every string made by deleting up to `depth` letters from it. */
export function deletions(word: string, depth: number): Set<string> {
  const out = new Set<string>([word]);
  let frontier = [word];
  for (let d = 0; d < depth; d += 1) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let i = 0; i < w.length; i += 1) {
        const shorter = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/** Optimal string alignment distance (Levenshtein plus swaps of neighbours), or max + 1 when above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row = new Array<number>(b.length + 1);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Indexes one-word terms (plain a–z, at least MIN_CORRECTED_LENGTH - 1 letters), in the order given. */
export function buildSpellingIndex(terms: readonly string[]): SpellingIndex {
  const variants = new Map<string, string[]>();
  const order = new Map<string, number>();
  for (const term of terms) {
    if (order.has(term) || !/^[a-z]+$/.test(term) || term.length < MIN_CORRECTED_LENGTH - 1) continue;
    order.set(term, order.size);
    for (const variant of deletions(term, allowedEdits(term))) {
      const list = variants.get(variant) ?? [];
      list.push(term);
      variants.set(variant, list);
    }
  }
  return { variants, order };
}

/**
 * The indexed term closest to `word` within its allowed edits (fewest edits, then lexicon
 * order), or undefined. `word` itself being a term is a distance of 0.
 */
export function closestTerm(word: string, index: SpellingIndex): { term: string; edits: number } | undefined {
  if (word.length < MIN_CORRECTED_LENGTH || !/^[a-z]+$/.test(word)) return undefined;
  const max = allowedEdits(word);
  let best: { term: string; edits: number } | undefined;
  const seen = new Set<string>();
  for (const variant of deletions(word, max)) {
    for (const term of index.variants.get(variant) ?? []) {
      if (seen.has(term)) continue;
      seen.add(term);
      const edits = editDistance(word, term, Math.min(max, allowedEdits(term)));
      if (edits > Math.min(max, allowedEdits(term))) continue;
      if (!best || edits < best.edits || (edits === best.edits && (index.order.get(term) ?? 0) < (index.order.get(best.term) ?? 0))) best = { term, edits };
    }
  }
  return best;
}
