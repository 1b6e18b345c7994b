/**
 * Reading a misspelt word as the word the site uses ("discovry", "serch", "buisness"), and not
 * reading a real word as another ("patients" is not "patience", "lunch" is not "launch", "trial"
 * is not "trail"). A word the site never uses is a typo of a site word when it is that word with
 * two neighboring letters swapped, or a few letters off it and with the same first letter, and is
 * not itself an English word. The build keeps the stems of the English words that are that close
 * to a site word (`realWordStems`), so the engine knows them without a dictionary.
 */

/** Shorter stems are too often another word with a letter changed ("tech", "teach"). */
const SHORTEST = 5;
/** From this length a stem may have two letters swapped. */
const SWAPPED = 4;
/** From this length a stem may be two letters off. */
const TWO_EDITS_FROM = 11;

/** How many letters a stem may be off a site word's stem and still be read as it. */
export function typoEdits(stem: string): number {
  if (stem.length < SHORTEST || /\d/.test(stem)) return 0;
  return stem.length < TWO_EDITS_FROM ? 1 : 2;
}

/** Whether `a` becomes `b` in at most `k` letters inserted, removed or changed. */
export function withinEdits(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > k) return false;
    previous = row;
  }
  return previous[b.length] <= k;
}

/**
 * The stems of `words` (an English word list, stemmed) that the site does not use but that are
 * close enough to a stem it does use to be taken for a typo of it: real words, never corrected.
 */
export function realWordStems(siteStems: Iterable<string>, wordStems: Iterable<string>): string[] {
  const site = new Set(siteStems);
  // Two stems one letter apart share a stem with one letter left out (or one is the other with
  // a letter left out), so the site's stems are found by those.
  const byShortened = new Map<string, string[]>();
  for (const s of site) {
    for (const d of [s, ...removals(s)]) byShortened.set(d, [...(byShortened.get(d) ?? []), s]);
  }
  const long = [...site].filter((s) => s.length >= TWO_EDITS_FROM - 2);
  const out = new Set<string>();
  for (const stem of wordStems) {
    if (out.has(stem) || site.has(stem)) continue;
    if (swaps(stem).some((s) => site.has(s))) out.add(stem);
    const k = typoEdits(stem);
    if (k === 0) continue;
    const candidates =
      k === 1 ? [stem, ...removals(stem)].flatMap((d) => byShortened.get(d) ?? []) : long;
    if (candidates.some((s) => s[0] === stem[0] && withinEdits(stem, s, k))) out.add(stem);
  }
  return [...out].sort();
}

/**
 * A stem with two neighboring letters swapped, each pair in turn ("buis": "ubis", "bius",
 * "busi"): the commonest slip, which an edit distance counts twice. Stems shorter than SWAPPED
 * have none.
 */
export function swaps(stem: string): string[] {
  if (stem.length < SWAPPED || /\d/.test(stem)) return [];
  return [...stem.slice(1)].map(
    (_, i) => stem.slice(0, i) + stem[i + 1] + stem[i] + stem.slice(i + 2),
  );
}

/** A stem with each of its letters left out in turn. */
function removals(stem: string): string[] {
  return [...stem].map((_, i) => stem.slice(0, i) + stem.slice(i + 1));
}
