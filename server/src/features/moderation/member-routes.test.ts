import type { z } from 'zod';

import { TEST_PASSWORD } from '../../../test/auth-helpers.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bodySchemaOf } from '../../middleware/validate.js';
import { RULES } from '../../policies/index.js';
import { listRoutes, ruleOf } from '../../policies/routes.js';

// Every member-facing route that names another member, found in the router itself (path
// parameters, and the body fields its validateBody schema takes), is called across a block
// (both ways), on a hidden profile (by a stranger, and by a member already in conversation
// with it), and with a suspended member's old session. A route added later that names a member
// is walked too, and a field this file does not know fails until it is classified below.

const ADMIN_EMAIL = 'ops@campus.example';
/** Lifted so that walking every route several times meets no rate limit. */
const ROOMY = '1000/1m';

interface Other extends SignedInMember {
  code: string;
  token: string;
}

/** Fields that name a member, and the other member's value for them. */
const MEMBER_FIELDS: Record<string, (other: Other) => string> = {
  profileId: (o) => o.profileId,
  userId: (o) => o.userId,
  recipientUserId: (o) => o.userId,
  code: (o) => o.code, // the 8-digit user code (find by code); /api/auth is left out below
  userCode: (o) => o.code,
  token: (o) => o.token, // the profile exchange token
  to: (o) => o.mailbox,
};

/** Fields that name no member (what is said, the caller's own things, places): left as they are, or given these values. */
const OTHER_FIELDS: Record<string, string | undefined> = {
  searchQuery: 'climbing partner', reason: 'spam', subject: 'Hello', content: 'Hi there', language: undefined,
  id: undefined, locationId: undefined, file: undefined, key: undefined, name: undefined, contactInfo: undefined,
  notifyNewMessages: undefined, searchBackgroundOpacity: undefined, birthDate: undefined, location: undefined, gender: undefined,
  profession: undefined, relationshipStatus: undefined, plan: undefined, amount: undefined, sessionId: undefined,
  message: undefined, sessionType: undefined, query: undefined, type: undefined, confirmation: undefined, note: undefined,
  messageId: undefined, momentId: undefined, firstMoment: undefined, currentPassword: undefined, show: undefined, comment: undefined, parentCommentId: undefined,
  ignore: undefined, optedIn: undefined, showEveryone: undefined, startConversations: undefined, verifiedOnly: undefined,
};

/** Routes that name a member and answer as usual across a block or a hide, on purpose. */
const EXEMPT: Record<string, string> = {
  'delete /api/likes/:profileId': 'removes the caller’s own like; answers the same for any id, so it reveals nothing',
  'delete /api/blocks/:profileId': 'the blocker must be able to lift the block; anyone else gets {unblocked: false}, as for every member they did not block',
  'post /api/blocks': 'blocking someone who blocked you, or who is hidden, must stay possible; the answer is the same either way',
  'post /api/reports': 'reporting someone who blocked you, or who is hidden, must stay possible; the answer is the same either way',
  'post /api/messages': 'by address: mail across a block is withheld without telling the sender (messages.service), and a hidden member may be written to and answer',
};

/** Routes where a hidden profile is not found even by members in conversation with it: discovery. */
const HIDDEN_FROM_EVERYONE: Record<string, string> = {
  'get /api/connections/code/:code': 'find by code is discovery',
  'post /api/connections': 'connecting by code or exchange token is discovery',
};

interface Call {
  label: string;
  method: string;
  path: string;
  /** The field naming the member (filled with the other member's value), and the other fields' values. */
  field: string;
  inPath: boolean;
  body: Record<string, string>;
}

/** The fields a body schema takes (objects, unions of objects, transformed objects). */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { def: { type: string; shape?: Record<string, unknown>; options?: z.ZodType[]; in?: z.ZodType } }).def;
  if (def.type === 'object') return Object.keys(def.shape!);
  if (def.type === 'union') return [...new Set(def.options!.flatMap(fieldsOf))];
  if (def.type === 'pipe') return fieldsOf(def.in!);
  throw new Error(`member-routes.test.ts: teach fieldsOf to read a ${def.type} schema`);
}

interface Walked {
  method: string;
  path: string;
  rule: string | undefined;
  fields: string[];
  params: string[];
}

/** Every route of the app with its path parameters and body fields. */
function walk(app: TestApp['app']): Walked[] {
  interface Layer {
    rawPath?: unknown;
    route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
    handle: { stack?: Layer[] };
  }
  const found: Walked[] = [];
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = prefix + String(layer.route.path);
        const schemas = layer.route.stack.map((l) => bodySchemaOf(l.handle)).filter((s) => s !== undefined);
        const fields = schemas.flatMap(fieldsOf);
        const params = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) found.push({ method, path, rule: ruleOf(layer.route), fields, params });
      } else if (layer.handle.stack) {
        visit(layer.handle.stack, prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''));
      }
    }
  };
  visit((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

let t: TestApp;
let routes: Walked[];
let calls: Call[];
let admin: SignedInMember;

/** A member with a complete profile (so it can be found, opened and exchanged), their code and an exchange token. */
async function member(name: string): Promise<Other> {
  const m = await signedInMember(t, name, 'walk');
  await t.ctx.db.updateTable('profiles').set({ bio: `${name} climbs and hikes.`, age: 22 }).where('id', '=', m.profileId).execute();
  const code = (await m.agent.get('/api/profile').expect(200)).body.user_code as string;
  const token = (await m.agent.post('/api/connections/exchange-token').expect(200)).body.payload.token as string;
  return { ...m, code, token };
}

const send = (call: Call, from: SignedInMember, other: Other) => {
  const value = MEMBER_FIELDS[call.field]!(other);
  const path = call.inPath ? call.path.replace(`:${call.field}`, encodeURIComponent(value)).replace(/:[A-Za-z]+/g, 'demo') : call.path;
  const body = call.inPath ? call.body : { ...call.body, [call.field]: value };
  return (from.agent as unknown as Record<string, (path: string) => { send(body: object): Promise<{ status: number }> }>)[call.method]!(path).send(body);
};

/**
 * The calls whose status differs from what is expected, with what each got. Exempt routes are
 * not called: they change what is tested (a block lifted, a conversation started by a message).
 */
async function wrong(from: SignedInMember, other: Other, expect404: (call: Call) => boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const call of calls.filter((c) => !Object.hasOwn(EXEMPT, c.label))) {
    const { status } = await send(call, from, other);
    const want404 = expect404(call);
    if (want404 ? status !== 404 : status === 404) problems.push(`${call.label} (${call.field}): ${status}, expected ${want404 ? '404' : 'anything but 404'}`);
  }
  return problems;
}

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAIL,
    RATE_LIMIT_CODE_USER: ROOMY,
    RATE_LIMIT_CODE_IP: ROOMY,
    RATE_LIMIT_SEARCH_USER: ROOMY,
    RATE_LIMIT_ANALYSIS_USER: ROOMY,
    RATE_LIMIT_MESSAGE_USER: ROOMY,
    RATE_LIMIT_REPORT_USER: ROOMY,
    RATE_LIMIT_LOGIN_IP: ROOMY,
  });
  admin = await signedInMember(t, 'Ops', 'ops');
  await t.ctx.db.updateTable('users').set({ email: ADMIN_EMAIL }).where('id', '=', admin.userId).execute();
  await t.ctx.services.auth.grantAdmin(ADMIN_EMAIL);
  routes = walk(t.app);
  // Member-facing: not the administrator's, and not /api/auth (the caller's own account; its `code` and `token` are credentials).
  const memberFacing = routes.filter((r) => r.rule !== undefined && RULES[r.rule as keyof typeof RULES].audience !== 'admin' && !r.path.startsWith('/api/auth/'));
  calls = memberFacing.flatMap((r) => {
    const label = `${r.method} ${r.path}`;
    const fill = Object.fromEntries(r.fields.flatMap((f) => (OTHER_FIELDS[f] === undefined ? [] : [[f, OTHER_FIELDS[f]!]])));
    return [
      ...r.params.filter((p) => p in MEMBER_FIELDS).map((field) => ({ label, method: r.method, path: r.path, field, inPath: true, body: fill })),
      ...r.fields.filter((f) => f in MEMBER_FIELDS).map((field) => ({ label, method: r.method, path: r.path, field, inPath: false, body: fill })),
    ];
  });
});
afterAll(async () => {
  await t.ctx.services.search.idle();
  await t.ctx.services.searchAnalysis.idle();
  await t.close();
});

it('knows every field of every member-facing route, and names no route that is gone', () => {
  // The same routes as the rule check walks (policies/routes.ts listRoutes), so none is missed here.
  expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(listRoutes(t.app).map((r) => `${r.method} ${r.path}`));
  const unknown = routes
    .filter((r) => !r.path.startsWith('/api/admin') && !r.path.startsWith('/api/auth/'))
    .flatMap((r) => [...r.params, ...r.fields].filter((f) => !(f in MEMBER_FIELDS) && !(f in OTHER_FIELDS)).map((f) => `${r.method} ${r.path}: ${f}`));
  expect(unknown).toEqual([]);
  const labels = new Set(calls.map((c) => c.label));
  expect([...Object.keys(EXEMPT), ...Object.keys(HIDDEN_FROM_EVERYONE)].filter((label) => !labels.has(label))).toEqual([]);
  // What the walk must at least find (the security read's list); a missing one means the walk broke.
  expect([...labels]).toEqual(
    expect.arrayContaining(['get /api/likes/:profileId', 'put /api/likes/:profileId', 'get /api/profiles/:profileId', 'post /api/search/analysis', 'post /api/introductions', 'get /api/connections/code/:code', 'post /api/connections']),
  );
});

it('answers neither member of a blocked pair about the other, as if the other did not exist', async () => {
  const ana = await member('Ana Lee');
  const bo = await member('Bo Chen');
  const cy = await member('Cy Park'); // the control: seen by both
  // Before any block, every call finds the member (so a 404 below is the block's doing).
  expect(await wrong(bo, cy, () => false)).toEqual([]);
  await ana.agent.post('/api/blocks').send({ profileId: bo.profileId }).expect(201);
  expect(await wrong(bo, ana, () => true)).toEqual([]); // the blocked member asks about the blocker
  expect(await wrong(ana, bo, () => true)).toEqual([]); // and the other way
  expect(await wrong(ana, cy, () => false)).toEqual([]);
});

it('answers a stranger about a hidden member as if they did not exist, and a member the hidden one wrote to as before', async () => {
  const dee = await member('Dee Ray');
  const eve = await member('Eve Moss'); // a stranger, who writes to Dee uninvited (finding 8)
  const fay = await member('Fay Lin'); // in conversation with Dee: Dee answered her
  const gus = await member('Gus Dale'); // the control: seen by both (not Dee: an introduction would start a conversation)
  await fay.agent.post('/api/messages').send({ to: dee.mailbox, subject: 'Hi Dee', content: 'Climb on Sunday?' }).expect(201);
  await dee.agent.post('/api/messages').send({ to: fay.mailbox, subject: 'Re: Hi Dee', content: 'Sure!' }).expect(201);
  await t.ctx.db.updateTable('profiles').set({ hidden_at: new Date() }).where('user_id', '=', dee.userId).execute();
  await eve.agent.post('/api/messages').send({ to: dee.mailbox, subject: 'Hi', content: 'Open up?' }).expect(201);
  expect(await wrong(eve, gus, () => false)).toEqual([]);
  expect(await wrong(eve, dee, () => true)).toEqual([]);
  expect(await wrong(fay, dee, (call) => Object.hasOwn(HIDDEN_FROM_EVERYONE, call.label))).toEqual([]);
});

it('answers everyone about a suspended member as if they did not exist, also members in conversation with them', async () => {
  const hal = await member('Hal Ito');
  const ivy = await member('Ivy Moss'); // in conversation with Hal
  await ivy.agent.post('/api/messages').send({ to: hal.mailbox, subject: 'Hi Hal', content: 'Coffee?' }).expect(201);
  await hal.agent.post('/api/messages').send({ to: ivy.mailbox, subject: 'Re: Hi Hal', content: 'Yes' }).expect(201);
  expect(await wrong(ivy, hal, () => false)).toEqual([]);
  await t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', hal.userId).execute();
  expect(await wrong(ivy, hal, () => true)).toEqual([]);
});

it('answers a suspended member’s old session 401 on every route that needs a member', async () => {
  const gil = await member('Gil Hart');
  const needMember = routes.filter((r) => r.rule !== undefined && RULES[r.rule as keyof typeof RULES].audience === 'member');
  expect(needMember.length).toBeGreaterThanOrEqual(40);
  await gil.agent.get('/api/profile').expect(200);
  await admin.agent.post(`/api/admin/moderation/${gil.userId}/actions`).send({ action: 'suspend', reason: 'harassment', currentPassword: TEST_PASSWORD }).expect(200);
  const problems: string[] = [];
  for (const r of needMember) {
    const path = r.path.replace(/:[A-Za-z]+/g, (param) => (param === ':profileId' ? gil.profileId : param === ':code' ? gil.code : '00000000-0000-4000-8000-000000000000'));
    const { status } = await (gil.agent as unknown as Record<string, (path: string) => { send(body: object): Promise<{ status: number }> }>)[r.method]!(path).send({});
    if (status !== 401) problems.push(`${r.method} ${r.path}: ${status}`);
  }
  expect(problems).toEqual([]);
});

// The audit's findings 5–7: what a member can observe across a block, a hide or a suspension
// looks like an ordinary member who has not answered.

/** A weekly proposal between two members (user_a < user_b, as the round stores them). */
async function proposal(a: SignedInMember, b: SignedInMember): Promise<string> {
  const [userA, userB] = [a.userId, b.userId].sort();
  await t.ctx.db.insertInto('weekly_introduction_rounds').values({ week: '2026-11-30', members_in: 2, pairs_made: 1 }).onConflict((oc) => oc.doNothing()).execute();
  const row = await t.ctx.db.insertInto('weekly_introductions').values({ week: '2026-11-30', user_a: userA!, user_b: userB!, mutual_fit: 0.5 }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
const introductionsBetween = (a: SignedInMember, b: SignedInMember) =>
  t.ctx.db.selectFrom('messages').select('id').where((eb) => eb.or([eb.and([eb('sender_id', '=', a.userId), eb('recipient_id', '=', b.userId)]), eb.and([eb('sender_id', '=', b.userId), eb('recipient_id', '=', a.userId)])])).execute();

it.each([
  ['blocked by the other', (other: SignedInMember, me: SignedInMember) => other.agent.post('/api/blocks').send({ profileId: me.profileId }).expect(201)],
  ['blocking the other', (other: SignedInMember, me: SignedInMember) => me.agent.post('/api/blocks').send({ profileId: other.profileId }).expect(201)],
  ['with the other hidden', (other: SignedInMember) => t.ctx.db.updateTable('profiles').set({ hidden_at: new Date() }).where('user_id', '=', other.userId).execute()],
  ['with the other suspended', (other: SignedInMember) => t.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', other.userId).execute()],
])('answers a weekly "Say hello" %s as "waiting", and introduces nobody (finding 5)', async (_case, standBetween) => {
  const other = await member('Kit Wren');
  const me = await member('Lou Park');
  const id = await proposal(other, me);
  await other.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200, { state: 'waiting' });
  await standBetween(other, me);
  await me.agent.post(`/api/weekly-introductions/${id}/hello`).expect(200, { state: 'waiting' });
  expect(await introductionsBetween(other, me)).toEqual([]);
});

it('tells a blocked member nothing in the mailbox: the blocker is named as before and their earlier mail stays (finding 6)', async () => {
  const blocker = await member('Mae Hill');
  const blocked = await member('Ned Cole');
  await blocker.agent.post('/api/messages').send({ to: blocked.mailbox, subject: 'Before', content: 'Hi Ned' }).expect(201);
  const named = (await blocked.agent.post('/api/messages').send({ to: blocker.mailbox, subject: 'Hi Mae', content: 'Hello' }).expect(201)).body.counterpart;
  await blocker.agent.post('/api/blocks').send({ profileId: blocked.profileId }).expect(201);
  const after = await blocked.agent.post('/api/messages').send({ to: blocker.mailbox, subject: 'Still there?', content: 'Hello' }).expect(201);
  expect(after.body.counterpart).toEqual(named);
  const sent = (await blocked.agent.get('/api/messages?box=sent').expect(200)).body.messages as { counterpart: unknown }[];
  expect(sent.map((m) => m.counterpart)).toEqual([named, named]);
  expect(((await blocked.agent.get('/api/messages?box=inbox').expect(200)).body.messages as { subject: string }[]).map((m) => m.subject)).toEqual(['Before']);
});

it('leaves the blocker out of the blocked member’s data export: no name, no withheld flag (finding 7)', async () => {
  const blocker = await member('Oda Finch');
  const blocked = await member('Pim Roe');
  await blocked.agent.put(`/api/likes/${blocker.profileId}`).expect(200);
  await blocker.agent.post('/api/blocks').send({ profileId: blocked.profileId }).expect(201);
  await blocked.agent.post('/api/messages').send({ to: blocker.mailbox, subject: 'After the block', content: 'Hello' }).expect(201);
  const exported = await blocked.agent.get('/api/account/export').expect(200);
  const text = JSON.stringify(exported.body);
  expect(text).not.toContain('Oda Finch');
  expect(text).not.toContain('withheld');
  expect(exported.body.likes).toEqual([expect.objectContaining({ liked_profile_id: blocker.profileId, liked_name: null })]);
});
