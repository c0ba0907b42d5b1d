/**
 * A member's place in line, in the letter's language (`en`, `fr`, `zh-Hans`); self-contained, so
 * the browser tests can import it too.
 *
 * English: "first", "second", "third", then the number with its suffix from the English ordinal
 * plural rules: 4th, 11th, 21st, 22nd, 103rd, 111th, 1,001st (grouped in thousands).
 * French: 1er, then 2e, 3e… (1 001e). Chinese: 第1位, 第2位… (no grouping, as Chinese writes it).
 */
export function ordinal(n: number, language = 'en'): string {
  const whole = Math.trunc(n);
  if (language === 'fr') return `${new Intl.NumberFormat('fr-CA').format(whole)}${whole === 1 ? 'er' : 'e'}`;
  if (language === 'zh-Hans') return `第${String(whole)}位`;
  if (whole === 1) return 'first';
  if (whole === 2) return 'second';
  if (whole === 3) return 'third';
  const suffixes: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
  const suffix = suffixes[new Intl.PluralRules('en-US', { type: 'ordinal' }).select(whole)] ?? 'th';
  return `${whole.toLocaleString('en-US')}${suffix}`;
}
