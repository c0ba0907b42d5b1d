import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import Provider, { type Account } from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests: `oidc-provider` (a certified implementation) with
 * its own signing key, PKCE required, RP-initiated logout, and its development login form (any
 * name signs in; no consent screen for Kindred, as a campus provider treats its own apps).
 *
 * Who signs in is decided by the login name, which is also the subject (the same name is the
 * same person): `ana@example.edu` is that address, verified; `unverified.ana@example.edu` is
 * ana@example.edu with `email_verified: false`; a name without `@` gets no e-mail at all.
 */
export interface CampusIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** From now on, corrupt the signature of every ID token the token endpoint hands out. */
  breakSignatures(on: boolean): void;
  /**
   * From now on (until called with undefined), play a misbehaving or hostile provider: every ID
   * token the token endpoint hands out is edited by `edit`, then signed again with the provider's
   * own key, so only the edited claim is wrong (a header edited to `alg: none` leaves it unsigned).
   */
  rewriteIdTokens(edit: IdTokenEdit | undefined): void;
  close(): Promise<void>;
}

/** Changes an ID token's JOSE header and claims in place. */
export type IdTokenEdit = (header: Record<string, unknown>, claims: Record<string, unknown>) => void;

export interface CampusIdpOptions {
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Serve https with this certificate (the browser test; the app trusts it through NODE_EXTRA_CA_CERTS). */
  tls?: { key: string; cert: string };
  port?: number;
}

function accountOf(login: string): Account {
  const unverified = login.startsWith('unverified.');
  const address = login.replace(/^unverified\./, '');
  return {
    accountId: login,
    claims: () => ({
      sub: login,
      name: address.split('@')[0],
      ...(address.includes('@') ? { email: address, email_verified: !unverified } : {}),
    }),
  };
}

export async function startCampusIdp(options: CampusIdpOptions): Promise<CampusIdp> {
  const clientId = 'kindred';
  const clientSecret = 'campus-idp-test-secret-of-enough-length';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  let breakSignatures = false;
  let rewrite: IdTokenEdit | undefined;
  const server = options.tls ? https.createServer(options.tls) : http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['campus-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => accountOf(id),
    // A campus's own apps skip the consent screen.
    loadExistingGrant: async (ctx: { oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider } }) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client?.clientId, accountId: ctx.oidc.session?.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  server.on('request', (req, res) => {
    const [edit, corrupt] = [rewrite, breakSignatures];
    if ((edit || corrupt) && req.url?.startsWith('/token')) {
      // Edited (and signed again) first, so a broken signature stays broken.
      editIdToken(res, (idToken) => {
        const edited = edit ? resigned(idToken, edit, privateKey) : idToken;
        return corrupt ? corruptSignature(edited) : edited;
      });
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    breakSignatures: (on) => {
      breakSignatures = on;
    },
    rewriteIdTokens: (edit) => {
      rewrite = edit;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Hands the ID token of the token endpoint's JSON answer to `change` before it is sent. */
function editIdToken(res: http.ServerResponse, change: (idToken: string) => string): void {
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => http.ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const body = JSON.parse(chunk.toString()) as { id_token?: string };
      if (body.id_token) {
        body.id_token = change(body.id_token);
        const json = JSON.stringify(body);
        // The provider set the length of its own answer; an edited token may be longer or shorter.
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(json));
        return end(json, ...rest);
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}

/** Swaps one character in the middle of the ID token's signature: same length, wrong bytes. */
function corruptSignature(idToken: string): string {
  const [header, payload, signature = ''] = idToken.split('.');
  const i = Math.floor(signature.length / 2);
  const swapped = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${swapped}${signature.slice(i + 1)}`;
}

/** The token with `edit` applied, signed RS256 with the provider's key (or unsigned for `alg: none`). */
function resigned(idToken: string, edit: IdTokenEdit, key: KeyObject): string {
  const [header = '', payload = ''] = idToken.split('.');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
  const [h, claims] = [decode(header), decode(payload)];
  edit(h, claims);
  const input = `${Buffer.from(JSON.stringify(h)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  if (h.alg === 'none') return `${input}.`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** A tiny cookie jar for walking the provider's pages with fetch. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the member at the provider: from the authorization URL Kindred redirected to, through the
 * login form (as `login`), to the redirect back to Kindred. Returns that redirect's path and query.
 */
export async function loginAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.pathname.endsWith('/api/auth/oidc/callback')) return `${next.pathname}${next.search}`;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    const submit = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    jar.store(submit);
    const after = submit.headers.get('location');
    if (!after) throw new Error(`the provider's login form answered ${submit.status}`);
    url = new URL(after, url).href;
  }
  throw new Error('too many redirects at the provider');
}
