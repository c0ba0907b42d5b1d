import type { Request } from 'express';
import type * as OpenId from 'openid-client';
import type { Configuration } from 'openid-client';
import type { Passport } from 'passport';

import type { OidcConfig } from '../../config.js';
import type { CampusClaims } from './campus.service.js';

/** The passport strategy's name, and where it keeps the request's PKCE verifier, state and nonce. */
export const CAMPUS_STRATEGY = 'campus';
export const CAMPUS_SESSION_KEY = 'campusSignIn';

/** What the strategy hands the callback: who the provider vouched for, and the ID token for sign-out. */
export interface CampusProof {
  claims: CampusClaims;
  idToken: string | undefined;
  /** When the member last logged in at the provider (the ID token's auth_time, in ms), if it says. */
  authenticatedAt: number | undefined;
}

export interface CampusProviderOptions {
  oidc: OidcConfig;
  /** PUBLIC_URL/api/auth/oidc/callback: registered with the provider, matched exactly. */
  callbackUrl: string;
  /** Outside production an http:// issuer (a provider on the developer's machine) is allowed. */
  allowHttp: boolean;
  /** Seconds the app's clock is ahead of the machine's (a test clock), for the ID token's time checks. */
  clockSkewSeconds: () => number;
  timeoutMs: number;
}

type OpenIdClient = typeof OpenId;

/** What /login hands passport.authenticate for this strategy. */
export interface CampusAuthenticateOptions {
  session: false;
  prompt?: 'login';
  /**
   * Sent as `max_age`. The library's strategy keeps a `max_age` of the request in its session
   * state and hands it to the callback's checks, where openid-client then requires the ID token's
   * `auth_time` and refuses one older than `max_age` seconds (plus its clock tolerance).
   */
  maxAge?: number;
}

/**
 * The campus's OpenID Connect provider, through `openid-client` (a certified relying party):
 * discovery, then a passport strategy doing the authorization code flow with PKCE, a state and a
 * nonce kept in the member's session, and the ID token's signature checked against the
 * provider's published keys (enableNonRepudiationChecks: without it, a token fetched over TLS is
 * trusted unsigned, which the OIDC spec allows but we do not). The library loads, and the provider
 * is asked, only when the first member presses the campus button; a provider that is down is asked
 * again on the next press instead of failing Kindred's start.
 */
export class CampusProvider {
  private loading: Promise<{ client: OpenIdClient; config: Configuration }> | undefined;

  constructor(
    private readonly options: CampusProviderOptions,
    private readonly passport: InstanceType<typeof Passport>,
  ) {}

  /** Discovers the provider once and registers the strategy; throws while the provider cannot be reached. */
  async ready(): Promise<void> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    await this.loading;
  }

  /** Where to send the browser to end the provider's session too (RP-initiated logout), if it offers that. */
  async endSessionUrl(idToken: string | undefined, postLogoutRedirectUri: string): Promise<string | undefined> {
    try {
      await this.ready();
    } catch {
      return undefined; // signed out here; the provider's own session is its business while it is down
    }
    const { client, config } = await this.loading!;
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri, client_id: this.options.oidc.clientId };
    if (idToken) parameters.id_token_hint = idToken;
    return client.buildEndSessionUrl(config, parameters).href;
  }

  private async load(): Promise<{ client: OpenIdClient; config: Configuration }> {
    const client = await import('openid-client');
    const { Strategy } = await import('openid-client/passport');
    const { oidc, allowHttp, timeoutMs } = this.options;
    const execute = [client.enableNonRepudiationChecks, ...(allowHttp && oidc.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [])];
    const metadata = { [client.clockSkew]: this.options.clockSkewSeconds() };
    const config = await client.discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret ? { ...metadata, client_secret: oidc.clientSecret } : metadata, oidc.clientSecret ? undefined : client.None(), { execute, timeout: Math.ceil(timeoutMs / 1000) });

    // The library's strategy sends a state only to providers without PKCE, and a nonce only with
    // implicit flows: every request here carries both, and the callback checks both. It has no
    // option for max_age, so it is added here, where the library's own code reads it back.
    class CampusStrategy extends Strategy {
      override authorizationRequestParams<T extends object>(req: Request, options: T): URLSearchParams {
        const params = new URLSearchParams(super.authorizationRequestParams(req, options as never));
        params.set('state', client.randomState());
        params.set('nonce', client.randomNonce());
        const { maxAge } = options as Partial<CampusAuthenticateOptions>;
        if (typeof maxAge === 'number') params.set('max_age', String(maxAge));
        return params;
      }
    }

    const strategy = new CampusStrategy(
      { config, scope: oidc.scopes, callbackURL: this.options.callbackUrl, sessionKey: CAMPUS_SESSION_KEY, name: CAMPUS_STRATEGY },
      (tokens, verified) => {
        const claims = tokens.claims();
        if (!claims) {
          verified(new Error('the provider answered without an ID token'));
          return;
        }
        const fromToken = { email: typeof claims.email === 'string' ? claims.email : undefined, verified: claims.email_verified === true, name: typeof claims.name === 'string' ? claims.name : undefined };
        // Some providers keep the address out of the ID token and give it at userinfo.
        const withUserInfo = fromToken.email
          ? Promise.resolve(fromToken)
          : client.fetchUserInfo(config, tokens.access_token, claims.sub).then((info) => ({
              email: typeof info.email === 'string' ? info.email : undefined,
              verified: info.email_verified === true,
              name: fromToken.name ?? (typeof info.name === 'string' ? info.name : undefined),
            }));
        withUserInfo.then(
          (person) => {
            const proof: CampusProof = {
              claims: { issuer: claims.iss, subject: claims.sub, email: person.email, emailVerified: person.verified, name: person.name },
              idToken: tokens.id_token,
              authenticatedAt: typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : undefined,
            };
            verified(null, proof as unknown as Express.User);
          },
          (error: unknown) => {
            verified(error);
          },
        );
      },
    );
    this.passport.use(CAMPUS_STRATEGY, strategy);
    return { client, config };
  }
}
