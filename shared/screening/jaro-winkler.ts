/**
 * Jaro-Winkler similarity of two strings (0: nothing in common, 1: equal), with Winkler's prefix bonus of 0.1 per
 * common leading character, up to 4. Over UTF-16 code units: the screening spelling is ASCII.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const jaro = jaroSimilarity(a, b);
  if (jaro === 0) return 0;
  let prefix = 0;
  const limit = Math.min(4, a.length, b.length);
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Reused between calls (screening scores thousands of word pairs a name); grown for longer words. */
let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

function jaroSimilarity(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  if (matchedA.length < a.length) matchedA = new Uint8Array(a.length * 2);
  if (matchedB.length < b.length) matchedB = new Uint8Array(b.length * 2);
  matchedA.fill(0, 0, a.length);
  matchedB.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(b.length - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const m = matches;
  return (m / a.length + m / b.length + (m - transpositions / 2) / m) / 3;
}
