import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { type CampusIdp, type IdTokenEdit, loginAtProvider, startCampusIdp } from '../../../test/campus-idp.js';
import { freePort } from '../../../test/processes.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { safeReturnTo } from './campus.routes.js';

// Campus sign-in against a real OpenID provider (oidc-provider, run here with its own keys).
const PUBLIC_URL = 'http://localhost:3999';
const PASSWORD = 'violet tram ocean pepper';
let idp: CampusIdp;
let t: TestApp;
const clock = new TestClock();

function campusEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PUBLIC_URL, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, ...extra };
}

beforeAll(async () => {
  idp = await startCampusIdp({ redirectUri: `${PUBLIC_URL}/api/auth/oidc/callback`, postLogoutRedirectUri: `${PUBLIC_URL}/auth` });
  t = await createTestApp(campusEnv({ SIGNUP_EMAIL_DOMAINS: '.example.edu,example.com' }), { clock });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Presses the campus button: the redirect to the provider, with everything the request must carry. */
async function pressCampusButton(agent: Agent, query = ''): Promise<URL> {
  const res = await agent.get(`/api/auth/oidc/login${query}`).expect(302);
  return new URL(res.headers.location as string);
}

/** The whole round trip as `login`; answers Kindred's redirect after the callback. */
async function campusSignIn(app: TestApp, agent: Agent, login: string, tamper: (callback: URL) => void = () => {}): Promise<string> {
  const callback = new URL(await loginAtProvider((await pressCampusButton(agent)).href, login), PUBLIC_URL);
  tamper(callback);
  const res = await agent.get(`${callback.pathname}${callback.search}`).expect(303);
  return res.headers.location as string;
}

/** Runs `body` while the provider edits (and signs again) every ID token it hands out. */
async function withIdTokens<T>(edit: IdTokenEdit, body: () => Promise<T>): Promise<T> {
  idp.rewriteIdTokens(edit);
  try {
    return await body();
  } finally {
    idp.rewriteIdTokens(undefined);
  }
}

async function usersWith(app: TestApp, email: string) {
  return app.ctx.db.selectFrom('users').select(['id', 'password_hash', 'campus_verified_at']).where('email', '=', email).execute();
}

describe('the authorization request', () => {
  it('uses the code flow with PKCE (S256), a state and a nonce, to the callback under PUBLIC_URL', async () => {
    const url = await pressCampusButton(agentFor(t));
    expect(url.origin).toBe(idp.issuer);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe('kindred');
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oidc/callback`);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{20,}$/);
  });
});

describe('a new person', () => {
  it('gets an account with the verified address, no code step, and goes on to onboarding', async () => {
    const agent = agentFor(t);
    expect(await campusSignIn(t, agent, 'nadia@example.edu')).toBe('/onboarding');
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({ user: { email: 'nadia@example.edu' }, profileComplete: false });
    const [user, ...others] = await usersWith(t, 'nadia@example.edu');
    expect(others).toHaveLength(0);
    expect(user?.password_hash).toBeNull();
    expect(user?.campus_verified_at).not.toBeNull();
    const identity = await t.ctx.db.selectFrom('user_identities').selectAll().where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: idp.issuer, subject: 'nadia@example.edu' });
    const profile = await t.ctx.db.selectFrom('profiles').select('name').where('user_id', '=', user!.id).executeTakeFirstOrThrow();
    expect(profile.name).toBe('nadia');
  });

  it('is the same account the next time (the identity is issuer + subject), on a fresh session id', async () => {
    const first = agentFor(t);
    await campusSignIn(t, first, 'omar@cs.example.edu');
    const again = agentFor(t);
    await campusSignIn(t, again, 'omar@cs.example.edu');
    expect(await usersWith(t, 'omar@cs.example.edu')).toHaveLength(1);
    await again.get('/api/auth/session').expect(200).expect((res) => expect(res.body.user.email).toBe('omar@cs.example.edu'));
  });

  it('goes back where the button was pressed once the profile is made, and never to another site', async () => {
    const agent = agentFor(t);
    await pressCampusButton(agent, '?returnTo=%2F%2Fevil.example');
    expect(await campusSignIn(t, agent, 'nadia@example.edu')).toBe('/onboarding');
  });
});

describe('an existing password account with the same address', () => {
  it('is linked once, after its password is proven; never by the address alone', async () => {
    const email = uniqueEmail('linker');
    await signUp(t, agentFor(t), email, PASSWORD);
    const agent = agentFor(t);
    expect(await campusSignIn(t, agent, email)).toBe('/auth?campus=link');
    await agent.get('/api/auth/session').expect((res) => expect(res.body.user).toBeNull());
    expect((await agent.get('/api/auth/oidc/link').expect(200)).body).toEqual({ email });
    expect(await t.ctx.db.selectFrom('user_identities').select('user_id').where('email', '=', email).execute()).toHaveLength(0);

    await agent.post('/api/auth/oidc/link').send({ password: 'not the password' }).expect(401);
    const linked = await agent.post('/api/auth/oidc/link').send({ password: PASSWORD }).expect(200);
    expect(linked.body).toMatchObject({ user: { email }, next: '/onboarding' });

    // From now on the campus account signs straight in, and the password still works too.
    const later = agentFor(t);
    expect(await campusSignIn(t, later, email)).toBe('/onboarding');
    await later.get('/api/auth/session').expect((res) => expect(res.body.user.email).toBe(email));
    await agentFor(t).post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
  });

  it('an account the operator made (no password, no identity) is taken by the campus sign-in with its verified address', async () => {
    await t.ctx.services.auth.createByOperator('olga@example.edu', { admin: false, passwordSignIn: false });
    const agent = agentFor(t);
    expect(await campusSignIn(t, agent, 'olga@example.edu')).toBe('/onboarding');
    expect(await usersWith(t, 'olga@example.edu')).toHaveLength(1);
    // A second campus identity with the same address cannot take it again.
    await t.ctx.db.updateTable('user_identities').set({ subject: 'someone-before' }).where('email', '=', 'olga@example.edu').execute();
    expect(await campusSignIn(t, agentFor(t), 'olga@example.edu')).toBe('/auth?campus_error=campus_identity_conflict');
  });

  it('refuses a link nobody started', async () => {
    await agentFor(t).post('/api/auth/oidc/link').send({ password: PASSWORD }).expect(400);
  });
});

describe('every failure ends on the auth screen with a reason and no account', () => {
  it('an address the provider has not verified', async () => {
    expect(await campusSignIn(t, agentFor(t), 'unverified.ivan@example.edu')).toBe('/auth?campus_error=campus_email_unverified');
    expect(await usersWith(t, 'ivan@example.edu')).toHaveLength(0);
  });

  it('no address at all', async () => {
    expect(await campusSignIn(t, agentFor(t), 'no-address')).toBe('/auth?campus_error=campus_email_unverified');
  });

  it('an address outside SIGNUP_EMAIL_DOMAINS', async () => {
    expect(await campusSignIn(t, agentFor(t), 'gus@gmail.com')).toBe('/auth?campus_error=email_domain_not_allowed');
    expect(await usersWith(t, 'gus@gmail.com')).toHaveLength(0);
  });

  it('a state that does not match the one this session sent', async () => {
    const location = await campusSignIn(t, agentFor(t), 'sam@example.edu', (callback) => callback.searchParams.set('state', 'forged-state-value'));
    expect(location).toBe('/auth?campus_error=campus_state');
    expect(await usersWith(t, 'sam@example.edu')).toHaveLength(0);
  });

  it('a callback that arrives in another browser (no request in its session)', async () => {
    const callback = new URL(await loginAtProvider((await pressCampusButton(agentFor(t))).href, 'tess@example.edu'), PUBLIC_URL);
    const res = await agentFor(t).get(`${callback.pathname}${callback.search}`).expect(303);
    expect(res.headers.location).toBe('/auth?campus_error=campus_state');
    expect(await usersWith(t, 'tess@example.edu')).toHaveLength(0);
  });

  it('a replayed code', async () => {
    const agent = agentFor(t);
    const callback = new URL(await loginAtProvider((await pressCampusButton(agent)).href, 'rita@example.edu'), PUBLIC_URL);
    await agent.get(`${callback.pathname}${callback.search}`).expect(303).expect('location', '/onboarding');
    // The same answer again, even after a new request from the same browser: refused.
    const replay = agentFor(t);
    await pressCampusButton(replay);
    await replay.get(`${callback.pathname}${callback.search}`).expect(303).expect('location', '/auth?campus_error=campus_state');
    await agent.get(`${callback.pathname}${callback.search}`).expect(303).expect('location', '/auth?campus_error=campus_state');
  });

  it('an answer claiming another issuer', async () => {
    const location = await campusSignIn(t, agentFor(t), 'ike@example.edu', (callback) => callback.searchParams.set('iss', 'https://impostor.example'));
    expect(location).toBe('/auth?campus_error=campus_token');
    expect(await usersWith(t, 'ike@example.edu')).toHaveLength(0);
  });

  it('an ID token whose signature does not verify against the provider keys', async () => {
    idp.breakSignatures(true);
    try {
      expect(await campusSignIn(t, agentFor(t), 'bea@example.edu')).toBe('/auth?campus_error=campus_token');
    } finally {
      idp.breakSignatures(false);
    }
    expect(await usersWith(t, 'bea@example.edu')).toHaveLength(0);
  });

  // Each token below carries a valid signature from the provider's own key; only the claim named is wrong.
  it('an ID token issued to another client (wrong audience)', async () => {
    const location = await withIdTokens((_h, claims) => {
      claims.aud = 'another-app';
    }, () => campusSignIn(t, agentFor(t), 'aude@example.edu'));
    expect(location).toBe('/auth?campus_error=campus_token');
    expect(await usersWith(t, 'aude@example.edu')).toHaveLength(0);
  });

  it('an unsigned ID token (alg: none)', async () => {
    const location = await withIdTokens((header) => {
      header.alg = 'none';
    }, () => campusSignIn(t, agentFor(t), 'nona@example.edu'));
    expect(location).toBe('/auth?campus_error=campus_token');
    expect(await usersWith(t, 'nona@example.edu')).toHaveLength(0);
  });

  it('an ID token whose nonce is not the one this request sent', async () => {
    const location = await withIdTokens((_h, claims) => {
      claims.nonce = 'nonce-of-another-request';
    }, () => campusSignIn(t, agentFor(t), 'nico@example.edu'));
    expect(location).toBe('/auth?campus_error=campus_token');
    expect(await usersWith(t, 'nico@example.edu')).toHaveLength(0);
  });

  it('a suspended account', async () => {
    await campusSignIn(t, agentFor(t), 'sue@example.edu');
    await t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('email', '=', 'sue@example.edu').execute();
    const agent = agentFor(t);
    expect(await campusSignIn(t, agent, 'sue@example.edu')).toBe('/auth?campus_error=account_suspended');
    await agent.get('/api/auth/session').expect((res) => expect(res.body.user).toBeNull());
  });

  it('the member cancelling at the provider', async () => {
    const agent = agentFor(t);
    const url = await pressCampusButton(agent);
    const res = await agent.get(`/api/auth/oidc/callback?error=access_denied&state=${url.searchParams.get('state')}&iss=${encodeURIComponent(idp.issuer)}`).expect(303);
    expect(res.headers.location).toBe('/auth?campus_error=campus_cancelled');
  });

  it('a provider that cannot be reached', async () => {
    const down = await createTestApp({ PUBLIC_URL, OIDC_ISSUER: `http://127.0.0.1:${await freePort()}`, OIDC_CLIENT_ID: 'kindred' });
    try {
      const res = await agentFor(down).get('/api/auth/oidc/login').expect(303);
      expect(res.headers.location).toBe('/auth?campus_error=campus_unavailable');
      await agentFor(down).get('/api/auth/oidc/callback?code=x&state=y').expect(303).expect('location', '/auth?campus_error=campus_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('with the clock past the ID token expiry, and AUTH_PASSWORD=off', () => {
  let late: TestApp;
  beforeAll(async () => {
    const clock = new TestClock();
    clock.advance(3 * 3_600_000);
    late = await createTestApp(campusEnv({ AUTH_PASSWORD: 'off' }), { clock });
  });
  afterAll(() => late.close());

  it('refuses an expired ID token', async () => {
    expect(await campusSignIn(late, agentFor(late), 'eve@example.edu')).toBe('/auth?campus_error=campus_token');
    expect(await usersWith(late, 'eve@example.edu')).toHaveLength(0);
  });

  it('refuses every password route on the server', async () => {
    const agent = agentFor(late);
    const email = 'pat@example.edu';
    for (const [path, body] of [
      ['/api/auth/signup', { email, password: PASSWORD }],
      ['/api/auth/signup/resend', { email }],
      ['/api/auth/signup/verify', { email, code: '123456' }],
      ['/api/auth/login', { email, password: PASSWORD }],
      ['/api/auth/password/forgot', { email }],
      ['/api/auth/password/reset', { token: 'x'.repeat(43), password: PASSWORD }],
    ] as const) {
      const res = await agent.post(path).send(body);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'password_sign_in_off']);
    }
    const session = await agent.get('/api/auth/session').expect(200);
    expect(session.body.features).toMatchObject({ passwordSignIn: false, campusSignIn: { label: 'Sign in with your campus account' } });
  });
});

describe('AUTH_PASSWORD=off, a campus member signed in', () => {
  it('has no password to change', async () => {
    const off = await createTestApp(campusEnv({ AUTH_PASSWORD: 'off' }));
    try {
      const agent = agentFor(off);
      expect(await campusSignIn(off, agent, 'cam@example.edu')).toBe('/onboarding');
      const res = await agent.post('/api/auth/password/change').send({ newPassword: PASSWORD }).expect(403);
      expect(res.body.error.code).toBe('password_sign_in_off');
    } finally {
      await off.close();
    }
  });
});

describe('a campus sign-in as the step-up check', () => {
  it('stands in for the password for 5 minutes, then the campus account is asked again', async () => {
    const agent = agentFor(t);
    await campusSignIn(t, agent, 'stella@example.edu');
    // A campus-only account has no password to give: only a campus sign-in of the last 5 minutes proves it is them.
    clock.advance(6 * 60_000);
    const stale = await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403);
    expect(stale.body.error.code).toBe('step_up_required');
    // The dialog's "Confirm with your campus account": the provider is made to ask again (prompt=login).
    const again = await pressCampusButton(agent, '?returnTo=%2Fsettings');
    expect(again.searchParams.get('prompt')).toBe('login');
    expect(again.searchParams.get('max_age')).toBe('0');
    const callback = new URL(await loginAtProvider(again.href, 'stella@example.edu'), PUBLIC_URL);
    await agent.get(`${callback.pathname}${callback.search}`).expect(303);
    clock.advance(4 * 60_000);
    await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(200);
  });
});

describe('a step-up re-confirmation the provider waves through', () => {
  /** Signed in by the campus more than 5 minutes ago: a sensitive change now needs the campus account again. */
  async function staleCampusMember(login: string): Promise<Agent> {
    const agent = agentFor(t);
    await campusSignIn(t, agent, login);
    clock.advance(6 * 60_000);
    await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403);
    return agent;
  }

  /** "Confirm with your campus account" while signed in; answers Kindred's redirect after the callback. */
  async function reconfirm(agent: Agent, login: string): Promise<string> {
    const callback = new URL(await loginAtProvider((await pressCampusButton(agent, '?returnTo=%2Fsettings')).href, login), PUBLIC_URL);
    return (await agent.get(`${callback.pathname}${callback.search}`).expect(303)).headers.location as string;
  }

  /** Still signed in as before, and still not proven: the step-up asks again. */
  async function stillUnproven(agent: Agent, email: string): Promise<void> {
    await agent.get('/api/auth/session').expect((res) => expect(res.body.user.email).toBe(email));
    expect((await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403)).body.error.code).toBe('step_up_required');
  }

  it('asks the provider for a new login (prompt=login, max_age=0); a first sign-in asks neither', async () => {
    const first = await pressCampusButton(agentFor(t));
    expect([first.searchParams.get('prompt'), first.searchParams.get('max_age')]).toEqual([null, null]);
    const agent = await staleCampusMember('rhea@example.edu');
    const again = await pressCampusButton(agent);
    expect([again.searchParams.get('prompt'), again.searchParams.get('max_age')]).toEqual(['login', '0']);
  });

  it('is refused when the ID token says the member logged in at the provider long ago (its session reused)', async () => {
    const agent = await staleCampusMember('otto@example.edu');
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const location = await withIdTokens(
      (_h, claims) => {
        claims.auth_time = tenMinutesAgo;
      },
      () => reconfirm(agent, 'otto@example.edu'),
    );
    expect(location).toBe('/auth?campus_error=campus_reauth_required');
    await stillUnproven(agent, 'otto@example.edu');
  });

  it('is refused when the ID token does not say when the member logged in (no auth_time)', async () => {
    const agent = await staleCampusMember('nell@example.edu');
    const location = await withIdTokens(
      (_h, claims) => {
        delete claims.auth_time;
      },
      () => reconfirm(agent, 'nell@example.edu'),
    );
    expect(location).toBe('/auth?campus_error=campus_reauth_required');
    await stillUnproven(agent, 'nell@example.edu');
  });

  it('an ordinary sign-in still accepts the provider reusing its session (an old auth_time), which is then no step-up proof', async () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const agent = agentFor(t);
    const location = await withIdTokens(
      (_h, claims) => {
        claims.auth_time = tenMinutesAgo;
      },
      () => campusSignIn(t, agent, 'sol@example.edu'),
    );
    expect(location).toBe('/onboarding');
    // Signed in just now, but the provider's login was ten minutes ago: the step-up asks.
    expect((await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403)).body.error.code).toBe('step_up_required');
  });

  it('an ordinary sign-in whose ID token does not say when the member logged in (no auth_time) is no step-up proof (the live probe)', async () => {
    const agent = agentFor(t);
    const location = await withIdTokens(
      (_h, claims) => {
        delete claims.auth_time;
      },
      () => campusSignIn(t, agent, 'ivo@example.edu'),
    );
    expect(location).toBe('/onboarding');
    // Signed in a moment ago, maybe through a provider session left open for days: the step-up asks.
    expect((await agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT' }).expect(403)).body.error.code).toBe('step_up_required');
  });
});

describe('linking a password account, with sign-in limits low enough to reach', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // The per-account rule low, the per-address one above what is sent: every attempt below comes
    // from its own address, so only the per-account limit can refuse.
    limited = await createTestApp(campusEnv({ RATE_LIMIT_LOGIN_ACCOUNT: '3/15m', RATE_LIMIT_LOGIN_IP: '10/15m', TRUST_PROXY: '1' }));
  });
  afterAll(() => limited.close());

  it('counts password attempts per account, whatever address they come from: 429 past the limit, even for the right password', async () => {
    const email = uniqueEmail('guessed');
    await signUp(limited, agentFor(limited), email, PASSWORD);
    const agent = agentFor(limited);
    expect(await campusSignIn(limited, agent, email)).toBe('/auth?campus=link');
    for (let i = 0; i < 3; i++) {
      await agent.post('/api/auth/oidc/link').set('x-forwarded-for', `203.0.113.${i}`).send({ password: `guess-${i}` }).expect(401);
    }
    const res = await agent.post('/api/auth/oidc/link').set('x-forwarded-for', '203.0.113.99').send({ password: PASSWORD }).expect(429);
    expect(res.body.error.code).toBe('rate_limited');
    expect(await limited.ctx.db.selectFrom('user_identities').select('user_id').where('email', '=', email).execute()).toHaveLength(0);
    // One budget with the password sign-in: guessing through the link leaves none for the login form.
    await request(limited.app).post('/api/auth/login').set('x-forwarded-for', '203.0.113.100').send({ email, password: PASSWORD }).expect(429);
  });
});

describe('signing out', () => {
  it('also ends the provider session (RP-initiated logout) after a campus sign-in', async () => {
    const agent = agentFor(t);
    await campusSignIn(t, agent, 'nadia@example.edu');
    const res = await agent.post('/api/auth/logout').expect(200);
    const url = new URL(res.body.endSessionUrl as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/auth`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await agent.get('/api/auth/session').expect((r) => expect(r.body.user).toBeNull());
    // The provider accepts it (its own confirmation page).
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);
  });

  it('answers 204 as before after a password sign-in', async () => {
    const email = uniqueEmail('plain');
    const agent = agentFor(t);
    await signUp(t, agent, email, PASSWORD);
    await agent.post('/api/auth/logout').expect(204);
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/search?q=hiking', '/search?q=hiking'],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example', undefined],
    [undefined, undefined],
    [['/a', '/b'], undefined],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
});
