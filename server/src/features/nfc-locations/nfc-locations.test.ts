import request from 'supertest';

import { agentFor, signUp, type Agent } from '../../../test/auth-helpers.js';
import { signedInMember, type SignedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

const ADMIN_EMAIL = 'facilities@campus.example';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let admin: Agent;
let adminId: string;
let member: SignedInMember;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL });
  admin = agentFor(t);
  await signUp(t, admin, ADMIN_EMAIL);
  adminId = (await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL)).id;
  member = await signedInMember(t, 'Mo Member', 'nfc');
});
afterAll(() => t.close());

interface Location {
  id: string;
  locationId: string;
  name: string;
  address: string | null;
  isActive: boolean;
  visitorCount: number;
  createdAt: string;
}

const create = (body: Record<string, unknown>) => admin.post('/api/admin/nfc-locations').send(body);
const audit = (targetId: string) =>
  t.ctx.db.selectFrom('admin_audit_log').select(['actor_id', 'actor_email', 'action', 'target_type', 'details']).where('target_id', '=', targetId).orderBy('created_at').execute();

describe('only the administrator', () => {
  it.each([
    ['get', '/api/admin/nfc-locations'],
    ['post', '/api/admin/nfc-locations'],
    ['patch', `/api/admin/nfc-locations/${UNKNOWN}`],
    ['delete', `/api/admin/nfc-locations/${UNKNOWN}`],
  ] as const)('%s %s: a visitor gets 401, a member 403', async (method, path) => {
    const body = { name: 'Library', locationId: 'library' };
    expect((await request(t.app)[method](path).send(body).expect(401)).body.error.code).toBe('unauthorized');
    expect((await member.agent[method](path).send(body).expect(403)).body.error.code).toBe('admin_only');
    // Only the demo touchpoint every install has (migration 20261129000000_touchpoints).
    expect((await t.ctx.db.selectFrom('nfc_locations').select('location_id').execute()).map((l) => l.location_id)).toEqual(['demo']);
  });
});

describe('creating', () => {
  it('creates a location, trimmed, active by default, and records it', async () => {
    const res = await create({ name: '  Main Library  ', locationId: ' ubc-library_1 ', address: '  1961 East Mall, Vancouver ' }).expect(201);
    const location = res.body.location as Location;
    expect(location).toEqual({
      id: expect.any(String),
      locationId: 'ubc-library_1',
      name: 'Main Library',
      address: '1961 East Mall, Vancouver',
      isActive: true,
      visitorCount: 0,
      createdAt: expect.any(String),
    });
    const row = await t.ctx.db.selectFrom('nfc_locations').select('created_by').where('id', '=', location.id).executeTakeFirstOrThrow();
    expect(row.created_by).toBe(adminId);
    expect(await audit(location.id)).toEqual([
      {
        actor_id: adminId,
        actor_email: ADMIN_EMAIL,
        action: 'nfc_location.create',
        target_type: 'nfc_location',
        details: { locationId: 'ubc-library_1', name: 'Main Library', address: '1961 East Mall, Vancouver', isActive: true },
      },
    ]);
  });

  it('takes no address (blank is none) and an inactive start', async () => {
    const res = await create({ name: 'Gym', locationId: 'gym', address: '   ', isActive: false }).expect(201);
    expect(res.body.location).toMatchObject({ name: 'Gym', address: null, isActive: false });
  });

  it.each([
    ['no name', { locationId: 'cafe' }],
    ['a blank name', { name: '   ', locationId: 'cafe' }],
    ['no location ID', { name: 'Cafe' }],
    ['a blank location ID', { name: 'Cafe', locationId: '  ' }],
    ['nothing', {}],
  ])('asks for the required fields: %s', async (_case, body) => {
    const res = await create(body).expect(400);
    expect(res.body.error.message).toBe('Please fill in required fields');
  });

  it.each([
    ['a space', 'main library'],
    ['a slash', 'main/library'],
    ['a non-English letter', 'bibliothèque'],
    ['41 characters', 'x'.repeat(41)],
  ])('refuses a location ID with %s', async (_case, locationId) => {
    const res = await create({ name: 'Cafe', locationId }).expect(400);
    expect(res.body.error.message).toBe('Location ID must be short English letters, numbers, - or _, without spaces.');
  });

  it('refuses a name over 100 characters, an address over 200, and unknown fields', async () => {
    await create({ name: 'n'.repeat(101), locationId: 'long-name' }).expect(400);
    await create({ name: 'Cafe', locationId: 'long-address', address: 'a'.repeat(201) }).expect(400);
    await create({ name: 'Cafe', locationId: 'cafe', visitorCount: 1000 }).expect(400);
  });

  it('refuses a location ID already in use, in any case, and records nothing', async () => {
    const before = await t.ctx.db.selectFrom('admin_audit_log').select('id').execute();
    for (const locationId of ['ubc-library_1', 'UBC-Library_1']) {
      const res = await create({ name: 'Another', locationId }).expect(409);
      expect(res.body.error).toEqual({ code: 'location_id_taken', message: 'That location ID is already in use.' });
    }
    expect(await t.ctx.db.selectFrom('admin_audit_log').select('id').execute()).toHaveLength(before.length);
  });
});

describe('listing', () => {
  it('lists every location, newest first', async () => {
    const { locations } = (await admin.get('/api/admin/nfc-locations').expect(200)).body as { locations: Location[] };
    expect(locations.map((l) => l.locationId)).toEqual(['gym', 'ubc-library_1', 'demo']); // demo: made by the migrations
  });
});

describe('editing', () => {
  let location: Location;
  beforeAll(async () => {
    location = (await create({ name: 'Student Union', locationId: 'sub', address: '6138 Student Union Blvd' }).expect(201)).body.location as Location;
  });
  const edit = (body: Record<string, unknown>, id = location.id) => admin.patch(`/api/admin/nfc-locations/${id}`).send(body);

  it('changes the name, address and state, and records what changed', async () => {
    const res = await edit({ name: ' The Nest ', address: '', isActive: false }).expect(200);
    expect(res.body.location).toEqual({ ...location, name: 'The Nest', address: null, isActive: false });
    const rows = await audit(location.id);
    expect(rows.at(-1)).toEqual({
      actor_id: adminId,
      actor_email: ADMIN_EMAIL,
      action: 'nfc_location.update',
      target_type: 'nfc_location',
      details: {
        locationId: 'sub',
        changes: { name: { from: 'Student Union', to: 'The Nest' }, address: { from: '6138 Student Union Blvd', to: null }, isActive: { from: true, to: false } },
      },
    });
  });

  it('changes only what it is given', async () => {
    const res = await edit({ isActive: true }).expect(200);
    expect(res.body.location).toMatchObject({ locationId: 'sub', name: 'The Nest', address: null, isActive: true });
  });

  it('never changes the location ID', async () => {
    for (const locationId of ['new-id', 'sub']) {
      const res = await edit({ name: 'Renamed', locationId }).expect(400);
      expect(res.body.error.message).toBe('Location ID cannot be changed after creation.');
    }
    const row = await t.ctx.db.selectFrom('nfc_locations').select(['location_id', 'name']).where('id', '=', location.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ location_id: 'sub', name: 'The Nest' });
  });

  it('requires a name when one is given, and something to change', async () => {
    expect((await edit({ name: '  ' }).expect(400)).body.error.message).toBe('Please fill in required fields');
    expect((await edit({ name: null }).expect(400)).body.error.message).toBe('Please fill in required fields');
    expect((await edit({}).expect(400)).body.error.message).toBe('Nothing to change.');
  });

  it('answers 404 for a location that does not exist', async () => {
    expect((await edit({ name: 'X' }, UNKNOWN).expect(404)).body.error.code).toBe('location_not_found');
    expect((await edit({ name: 'X' }, 'not-a-uuid').expect(404)).body.error.code).toBe('location_not_found');
  });
});

describe('deleting', () => {
  it('deletes the location, records it, and answers 404 the second time', async () => {
    const location = (await create({ name: 'Temporary Booth', locationId: 'booth' }).expect(201)).body.location as Location;
    expect((await admin.delete(`/api/admin/nfc-locations/${location.id}`).expect(200)).body).toEqual({ deleted: true });
    const { locations } = (await admin.get('/api/admin/nfc-locations').expect(200)).body as { locations: Location[] };
    expect(locations.map((l) => l.id)).not.toContain(location.id);
    expect((await audit(location.id)).map((r) => [r.action, r.details])).toEqual([
      ['nfc_location.create', { locationId: 'booth', name: 'Temporary Booth', address: null, isActive: true }],
      ['nfc_location.delete', { locationId: 'booth', name: 'Temporary Booth' }],
    ]);
    await admin.delete(`/api/admin/nfc-locations/${location.id}`).expect(404);
    await admin.delete('/api/admin/nfc-locations/not-a-uuid').expect(404);
    expect(await audit(location.id)).toHaveLength(2);
  });

  it('frees the location ID for a new location', async () => {
    await create({ name: 'Booth Again', locationId: 'booth' }).expect(201);
  });
});
