// Where to send someone after signing in. Only same-origin paths are followed: a full URL is reduced
// to its path and query, and anything that does not start with a single '/' is dropped.
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let candidate = raw.trim();
  if (/^[a-z][a-z\d+.-]*:/i.test(candidate)) {
    try {
      const url = new URL(candidate);
      candidate = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  // '//host' and '/\host' are protocol-relative URLs to another site.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  return candidate;
}

/** `/onboarding`, carrying the original target along as `?redirect=` when there is one. */
export function onboardingPath(redirect: string | null): string {
  return redirect ? `/onboarding?redirect=${encodeURIComponent(redirect)}` : '/onboarding';
}

/** `/auth?redirect=<path>`: where a signed-out visitor of `path` is sent. */
export function authPathFor(path: string): string {
  return `/auth?redirect=${encodeURIComponent(path)}`;
}
