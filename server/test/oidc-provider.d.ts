// oidc-provider ships no types; this is the part of its API the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  interface Context {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string };
      result?: unknown;
      provider: Provider;
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: new (init: { clientId: string | undefined; accountId: string | undefined }) => GrantInstance;
    on(event: string, listener: (...args: unknown[]) => void): void;
    proxy: boolean;
  }
}
