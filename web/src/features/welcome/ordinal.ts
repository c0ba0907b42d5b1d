/**
 * "first", "second", "third", then the number with its English suffix: 4th, 11th, 21st, 22nd,
 * 103rd, 111th, 1,001st. Numbers are grouped in thousands.
 */
export function ordinal(n: number): string {
  if (n === 1) return 'first';
  if (n === 2) return 'second';
  if (n === 3) return 'third';
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  const last = abs % 10;
  let suffix = 'th';
  if (lastTwo < 11 || lastTwo > 13) {
    if (last === 1) suffix = 'st';
    else if (last === 2) suffix = 'nd';
    else if (last === 3) suffix = 'rd';
  }
  return `${Math.trunc(n).toLocaleString('en-US')}${suffix}`;
}
