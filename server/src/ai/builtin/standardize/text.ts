/**
 * Text folding shared by the location and profession standardizers.
 *
 * Everything here is pure and locale-independent (String#toLowerCase, not toLocaleLowerCase),
 * so a result never depends on the host the server happens to run on.
 */

/** Latin letters that Unicode does not decompose but that people routinely type as plain ASCII. */
const LATIN_FOLDS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ı: 'i',
  þ: 'th',
  ð: 'd',
};

const UNFOLDED_LATIN = /[øæœßłđıþð]/g;

/**
 * Accents are stripped only after Latin letters: stripping every combining mark would also
 * turn Japanese kana with voicing marks into different kana.
 */
const LATIN_WITH_MARKS = /(\p{Script=Latin})\p{M}+/gu;

/** Han ideographs: Chinese has no spaces, so Han runs are matched by substring, not by word. */
export const HAN_CHAR = /\p{Script=Han}/u;

/**
 * Case-, width- and accent-insensitive form of a string: "Montréal" and "ＭＯＮＴＲＥＡＬ" both
 * become "montreal"; full-width Chinese punctuation becomes its ASCII twin (NFKC).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(LATIN_WITH_MARKS, '$1')
    .normalize('NFC')
    .replace(UNFOLDED_LATIN, (ch) => LATIN_FOLDS[ch] ?? ch);
}

export function hasHan(text: string): boolean {
  return HAN_CHAR.test(text);
}

/** True when the text holds nothing a person could have meant: no letter and no digit. */
export function isBlank(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text);
}

/**
 * True when `a` turns into `b` with at most one insertion, deletion, substitution or swap of
 * two neighbouring letters: the typos people actually make ("vancover", "programer", "nuerse").
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  const restA = a.slice(start + 1);
  const restB = b.slice(start + 1);
  if (a.length === b.length) {
    const swapped = a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
    return restA === restB || swapped;
  }
  return a.length > b.length ? a.slice(start + 1) === b.slice(start) : a.slice(start) === b.slice(start + 1);
}
