import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { ProfilesRepository } from './profiles.repository.js';
import { ProfilesService, mailboxName } from './profiles.service.js';

let t: TestApp;
const clock = new TestClock();
const basic = {
  name: 'Ana Lee',
  birthDate: '2004-03-10',
  location: 'Vancouver',
  gender: 'female',
  profession: '软件开发',
  relationshipStatus: 'single_straight',
};

beforeAll(async () => {
  t = await createTestApp({ MAIL_DOMAIN: 'kindred.test' }, { clock });
});
afterAll(() => t.close());

async function member(): Promise<{ agent: Agent; email: string }> {
  const agent = agentFor(t);
  const email = uniqueEmail();
  await signUp(t, agent, email);
  return { agent, email };
}

describe('PUT /api/profile/basic', () => {
  it('standardizes, computes the age, and gives the profile its code, number and mailbox once', async () => {
    const { agent, email } = await member();
    const res = await agent.put('/api/profile/basic').send(basic).expect(200);
    const today = clock.now().toISOString().slice(0, 10);
    const age = Number(today.slice(0, 4)) - 2004 - (today.slice(5) >= '03-10' ? 0 : 1);
    expect(res.body).toMatchObject({
      name: 'Ana Lee',
      birth_date: '2004-03-10',
      age,
      location: 'Vancouver, BC, Canada',
      gender: 'female',
      profession: 'Software Developer',
      relationship_status: 'single_straight',
      contact_info: { available: false, entries: [{ label: 'Email', value: email }] },
    });
    expect(res.body.user_code).toMatch(/^\d{8}$/);
    expect(res.body.registration_order).toBeGreaterThan(0);
    expect(res.body.mailbox_address).toMatch(/^analee\d{4}@kindred\.test$/);

    const again = await agent.put('/api/profile/basic').send({ ...basic, name: 'Ana Marie Lee', location: 'Burnaby, BC' }).expect(200);
    expect(again.body).toMatchObject({ name: 'Ana Marie Lee', location: 'Burnaby, BC, Canada' });
    for (const key of ['user_code', 'registration_order', 'mailbox_address']) expect(again.body[key]).toBe(res.body[key]);

    expect((await agent.get('/api/profile').expect(200)).body.user_code).toBe(res.body.user_code);
  });

  it('lists every missing field in one message', async () => {
    const { agent } = await member();
    const res = await agent.put('/api/profile/basic').send({ name: '  ', location: 'Vancouver' }).expect(400);
    expect(res.body.error.message).toBe('Please fill in: Name, Birth Date, Gender, Profession/Identity, Relationship Status');
  });

  it.each(['1899-12-31', '2999-01-01', '2023-02-29', '10/03/2004'])('refuses the birth date %s', async (birthDate) => {
    const { agent } = await member();
    const res = await agent.put('/api/profile/basic').send({ ...basic, birthDate }).expect(400);
    expect(res.body.error.code).toBe('invalid_birth_date');
  });

  it('refuses values outside the lists', async () => {
    const { agent } = await member();
    await agent.put('/api/profile/basic').send({ ...basic, gender: 'robot' }).expect(400);
    await agent.put('/api/profile/basic').send({ ...basic, relationshipStatus: 'complicated' }).expect(400);
    await agent.put('/api/profile/basic').send({ ...basic, bio: 'sneaky' }).expect(400);
  });

  it('answers with the spec messages when a field cannot be standardized, and saves nothing', async () => {
    const { agent } = await member();
    const incomplete = await agent.put('/api/profile/basic').send({ ...basic, location: 'Canada' }).expect(422);
    expect(incomplete.body.error.message).toBe('Failed to get complete location (City, Province, Country). Please try again.');
    const profession = await agent.put('/api/profile/basic').send({ ...basic, profession: 'qwzx vbnm' }).expect(422);
    expect(profession.body.error.message).toBe('Failed to standardize profession. Please check your input and try again.');
    expect((await agent.get('/api/profile')).body.birth_date).toBeNull();
  });

  it('needs a signed-in member', async () => {
    await request(t.app).put('/api/profile/basic').send(basic).expect(401);
    await request(t.app).get('/api/profile').expect(401);
  });
});

describe('GET /api/profile', () => {
  it('sends the member\'s own profile, without what only the server uses, dates as ISO strings', async () => {
    const { agent } = await member();
    const saved = await agent.put('/api/profile/basic').send(basic).expect(200);
    await t.ctx.db.updateTable('profiles').set({ ip_address: '203.0.113.7', stripe_customer_id: 'cus_123' }).where('user_id', '=', saved.body.user_id).execute();
    const own = (await agent.get('/api/profile').expect(200)).body as Record<string, unknown>;
    for (const hidden of ['ip_address', 'last_ip_update', 'stripe_customer_id', 'stripe_subscription_id', 'is_sample', 'early_user_gift_at']) expect(own).not.toHaveProperty(hidden);
    expect(own.created_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(own).toMatchObject({ name: basic.name, user_code: expect.stringMatching(/^\d{8}$/) });
  });

  it('includes the search background and its opacity (spec default 0.7)', async () => {
    const { agent } = await member();
    const saved = await agent.put('/api/profile/basic').send(basic).expect(200);
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({ search_background_url: null, search_background_opacity: 0.7 });

    // Set directly: the editor that saves them belongs to the settings.
    await t.ctx.db
      .updateTable('profiles')
      .set({ search_background_url: '/uploads/0123456789abcdef0123456789abcdef.png', search_background_opacity: 0.5 })
      .where('user_id', '=', saved.body.user_id)
      .execute();
    expect((await agent.get('/api/profile').expect(200)).body).toMatchObject({
      search_background_url: '/uploads/0123456789abcdef0123456789abcdef.png',
      search_background_opacity: 0.5,
    });
  });
});

describe('identity fields under concurrency', () => {
  it('gives concurrent sign-ups distinct codes, numbers and mailboxes', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const saved = await Promise.all(members.map(({ agent }) => agent.put('/api/profile/basic').send({ ...basic, name: 'Sam' }).expect(200)));
    const distinct = (key: string) => new Set(saved.map((res) => res.body[key])).size;
    expect(distinct('user_code')).toBe(8);
    expect(distinct('registration_order')).toBe(8);
    expect(distinct('mailbox_address')).toBe(8);
  });

  it('retries when a random code is already taken', async () => {
    const { agent: first } = await member();
    await first.put('/api/profile/basic').send(basic).expect(200);
    const taken = (await first.get('/api/profile')).body as { user_code: string; mailbox_address: string };

    // A generator that repeats the taken values first: the service must try again.
    const queue = [taken.user_code, '12345678', taken.mailbox_address.slice(-4 - '@kindred.test'.length, -'@kindred.test'.length), '9999'];
    const service = new ProfilesService({
      profiles: new ProfilesRepository(t.ctx.db),
      standardization: t.ctx.services.standardization,
      clock,
      mailDomain: 'kindred.test',
      randomDigits: () => queue.shift() ?? '0000',
    });
    const email = uniqueEmail();
    await signUp(t, agentFor(t), email);
    const user = await t.ctx.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
    const profile = await service.saveBasic(user, { ...basic, gender: 'female', relationshipStatus: 'single_straight' });
    expect(profile.user_code).toBe('12345678');
    expect(profile.mailbox_address).toBe('analee9999@kindred.test');
  });
});

it('builds mailbox names from plain letters', () => {
  expect(mailboxName('Ana Lee')).toBe('analee');
  expect(mailboxName('José Martínez-Ruiz')).toBe('josemartinezruiz');
  expect(mailboxName('李娜')).toBe('member');
});
