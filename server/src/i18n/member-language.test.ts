import request from 'supertest';

import { agentFor, signUp, uniqueEmail } from '../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { languageOfAcceptHeader, languageOfTag } from './languages.js';
import { formatterFor, translate } from './translator.js';

// Issue 27: the member's language is kept on the account, so a new device and every e-mail follow it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'lang-admin@campus.example' });
});
afterAll(() => t.close());

describe('the language a browser asks for', () => {
  it('reads any Chinese as Simplified, any French as fr, and falls back past languages Kindred does not speak', () => {
    expect(['zh-CN', 'zh-TW', 'zh', 'fr-CA', 'fr', 'en-GB', 'de'].map(languageOfTag)).toEqual(['zh-Hans', 'zh-Hans', 'zh-Hans', 'fr', 'fr', 'en', undefined]);
    expect(languageOfAcceptHeader('de-DE,de;q=0.9,fr-CA;q=0.8,en;q=0.7')).toBe('fr');
    expect(languageOfAcceptHeader('en;q=0.5, zh-CN')).toBe('zh-Hans');
    expect(languageOfAcceptHeader('de, *;q=0.1')).toBeUndefined();
    expect(languageOfAcceptHeader(undefined)).toBeUndefined();
  });
});

describe('the server catalogue', () => {
  it('speaks each language, with ICU arguments and Intl formats', () => {
    expect(translate('fr', 'mail:signature', { product: 'Kindred' })).toBe('— Kindred, hébergé par votre campus');
    expect(translate('zh-Hans', 'mail:signature', { product: 'Kindred' })).toContain('由你的学校托管');
    expect(formatterFor('fr').money(1299, 'cad')).toMatch(/12,99\s\$/);
    expect(formatterFor('zh-Hans').date(new Date('2026-11-26T12:00:00Z'))).toBe('2026年11月26日');
  });
});

describe('a member\'s language', () => {
  it('starts as the language the browser used at sign-up, is changed by the member, and comes with the session on any device', async () => {
    const email = uniqueEmail('lang');
    const agent = agentFor(t);
    agent.set('Cookie', 'kindred_lang=fr');
    await signUp(t, agent, email);
    expect((await agent.get('/api/auth/session').expect(200)).body.user.language).toBe('fr');

    await agent.put('/api/account/language').send({ language: 'zh-Hans' }).expect(200, { language: 'zh-Hans' });
    const other = agentFor(t);
    await other.post('/api/auth/login').send({ email, password: 'maple-orbit-lantern' }).expect(200);
    expect((await other.get('/api/auth/session').expect(200)).body.user.language).toBe('zh-Hans');
  });

  it('takes the browser\'s Accept-Language at sign-up when no choice was made', async () => {
    const agent = agentFor(t);
    agent.set('Accept-Language', 'zh-CN,zh;q=0.9');
    await signUp(t, agent, uniqueEmail('lang'));
    expect((await agent.get('/api/auth/session').expect(200)).body.user.language).toBe('zh-Hans');
  });

  it('changes only the caller\'s own account: another member\'s, and the administrator\'s own, are theirs alone', async () => {
    const ana = agentFor(t);
    await signUp(t, ana, uniqueEmail('lang'));
    const bo = agentFor(t);
    await signUp(t, bo, uniqueEmail('lang'));
    const admin = agentFor(t);
    await signUp(t, admin, 'lang-admin@campus.example');
    const { id } = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'lang-admin@campus.example').executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('user_roles').values({ user_id: id, role: 'admin' }).execute();
    expect((await admin.get('/api/auth/session').expect(200)).body.isAdmin).toBe(true);

    await ana.put('/api/account/language').send({ language: 'fr' }).expect(200);
    await admin.put('/api/account/language').send({ language: 'zh-Hans' }).expect(200);
    // The body names no account: there is no way to set someone else's.
    await ana.put('/api/account/language').send({ language: 'fr', userId: 'someone-else' }).expect(400);
    expect((await ana.get('/api/auth/session').expect(200)).body.user.language).toBe('fr');
    expect((await bo.get('/api/auth/session').expect(200)).body.user.language).toBe('en');
    expect((await admin.get('/api/auth/session').expect(200)).body.user.language).toBe('zh-Hans');
  });

  it('refuses a language Kindred does not speak, and a visitor', async () => {
    const agent = agentFor(t);
    await signUp(t, agent, uniqueEmail('lang'));
    const refused = await agent.put('/api/account/language').send({ language: 'de' }).expect(400);
    expect(refused.body.error.message).toContain('language must be one of en, zh-Hans, fr');
    await request(t.app).put('/api/account/language').send({ language: 'fr' }).expect(401);
  });
});
