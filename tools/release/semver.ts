/**
 * Release versions: plain MAJOR.MINOR.PATCH. Pre-releases and build metadata are refused rather
 * than half-supported, since a release here is a tag an operator deploys, compared by `>` alone.
 */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function isVersion(text: string): boolean {
  return SEMVER.test(text);
}

/** Negative when a is older than b, 0 when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => {
    const match = SEMVER.exec(v);
    if (!match) throw new Error(`Not a version (MAJOR.MINOR.PATCH): ${v}`);
    return match.slice(1).map(Number);
  };
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}
