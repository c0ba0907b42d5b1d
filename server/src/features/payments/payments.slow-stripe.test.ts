import request from 'supertest';

import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-standin.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

// Stripe is never called inside a database transaction. The embedded database's pool holds one
// connection (DB_POOL_MAX=1 gives Postgres the same), so a transaction waiting on Stripe would
// make every other request wait on Stripe too. Reading Stripe first means reads can be applied
// out of order: a stale answer that arrives late must not win over a newer one.

const SECRET = 'whsec_test_kindred';
const STALL_MS = 5_000;
/** A profile read on an idle test database takes milliseconds; a second is "answered meanwhile". */
const ANSWERED_WITHIN_MS = 1_000;
let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_kindred', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url, DB_POOL_MAX: '1' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const subscriptionOf = async (m: SignedInMember) => (await m.agent.get('/api/subscription').expect(200)).body as { subscribed: boolean; plan: string | null; renews: boolean };

const deliver = (type: string, object: object) => {
  const event = stripe.event(type, object);
  return request(t.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', stripe.sign(event.body, SECRET)).send(event.body);
};

/** Waits until the app has asked Stripe for `path` (since `before` requests). */
async function untilAsked(path: string, before: number): Promise<void> {
  for (const started = Date.now(); !stripe.requests.slice(before).includes(`GET ${path}`); await sleep(10)) {
    if (Date.now() - started > 10_000) throw new Error(`Stripe was never asked for ${path}`);
  }
}

/** Starts `call` with Stripe's answers on `path` held back `ms`; returns once Stripe has been asked (its answer is as of then), with the call's response to come. */
async function askedThenHeld(path: string, ms: number, call: () => PromiseLike<request.Response>): Promise<{ response: Promise<request.Response> }> {
  stripe.stall({ path, ms });
  const before = stripe.requests.length;
  const response = Promise.resolve(call());
  await untilAsked(path, before);
  stripe.stall(undefined);
  return { response };
}

async function paidSession(m: SignedInMember) {
  const res = await m.agent.post('/api/payments/checkout').send({ plan: 'monthly' }).expect(200);
  return stripe.complete(new URL(res.body.url as string).pathname.split('/').pop()!);
}

/**
 * Starts `slow` while Stripe holds every read of `path` for 5 s, waits until Stripe has the call,
 * then reads another member's profile again and again until `slow` is answered. Returns how long
 * each read took and how long `slow` took.
 */
async function whileStripeStalls(path: string, slow: () => PromiseLike<request.Response>, reader: SignedInMember) {
  stripe.stall({ path, ms: STALL_MS });
  const before = stripe.requests.length;
  const started = Date.now();
  let done = false;
  const answer = Promise.resolve(slow()).finally(() => {
    done = true;
  });
  await untilAsked(path, before);
  const reads: number[] = [];
  while (!done) {
    const at = Date.now();
    await reader.agent.get('/api/profile').expect(200);
    reads.push(Date.now() - at);
    await sleep(100);
  }
  const res = await answer;
  stripe.stall(undefined);
  return { res, reads, tookMs: Date.now() - started };
}

describe('a slow Stripe', () => {
  it('does not hold up other requests while the success page waits on it', async () => {
    const buyer = await signedInMember(t, 'Ana Lee', 'slow');
    const reader = await signedInMember(t, 'Bo Chen', 'slow');
    const session = await paidSession(buyer);
    const { res, reads, tookMs } = await whileStripeStalls(`/v1/subscriptions/${session.subscription!}`, () => buyer.agent.post('/api/payments/confirm').send({ sessionId: session.id }), reader);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed' });
    expect(tookMs).toBeGreaterThanOrEqual(STALL_MS);
    expect(Math.max(...reads)).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(reads.length).toBeGreaterThanOrEqual(5);
    expect(await subscriptionOf(buyer)).toMatchObject({ subscribed: true, plan: 'monthly' });
  });

  it('does not hold up other requests while a webhook event waits on it', async () => {
    const buyer = await signedInMember(t, 'Cy Park', 'slow');
    const reader = await signedInMember(t, 'Di Wu', 'slow');
    const session = await paidSession(buyer);
    await buyer.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    const sub = session.subscription!;
    stripe.setSubscription(sub, { cancel_at_period_end: true });
    const { res, reads, tookMs } = await whileStripeStalls(`/v1/subscriptions/${sub}`, () => deliver('customer.subscription.updated', { id: sub, object: 'subscription' }), reader);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'applied' });
    expect(tookMs).toBeGreaterThanOrEqual(STALL_MS);
    expect(Math.max(...reads)).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(reads.length).toBeGreaterThanOrEqual(5);
    expect(await subscriptionOf(buyer)).toMatchObject({ subscribed: true, renews: false });
  });
});

describe('reads applied out of order', () => {
  it('keep the newer read when an event\'s stale answer from Stripe arrives after it', async () => {
    const m = await signedInMember(t, 'Ed Kim', 'slow');
    const session = await paidSession(m);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    const sub = session.subscription!;
    // Stripe is asked while the plan still renews; its answer is slow.
    const stale = await askedThenHeld(`/v1/subscriptions/${sub}`, 1_500, () => deliver('customer.subscription.updated', { id: sub, object: 'subscription' }));
    // Meanwhile the member cancels in the portal, and that event is read and applied first.
    stripe.setSubscription(sub, { cancel_at_period_end: true });
    expect((await deliver('customer.subscription.updated', { id: sub, object: 'subscription' }).expect(200)).body.outcome).toBe('applied');
    expect(await subscriptionOf(m)).toMatchObject({ subscribed: true, renews: false });
    // The stale answer lands last: it must not bring "renews" back.
    expect((await stale.response).body.outcome).toBe('applied');
    expect(await subscriptionOf(m)).toMatchObject({ subscribed: true, renews: false });
  });

  it('let the first grant adopt its plan with the newest read, even when its own read is the older one', async () => {
    const m = await signedInMember(t, 'Fay Lo', 'slow');
    const session = await paidSession(m);
    const sub = session.subscription!;
    // The success page asks Stripe for the new plan; the answer (renewing) is slow.
    const confirm = await askedThenHeld(`/v1/subscriptions/${sub}`, 1_500, () => m.agent.post('/api/payments/confirm').send({ sessionId: session.id }));
    // Meanwhile the plan is cancelled at the period end, and Stripe's event for it is applied first.
    stripe.setSubscription(sub, { cancel_at_period_end: true });
    await deliver('customer.subscription.updated', { id: sub, object: 'subscription' }).expect(200);
    expect(((await confirm.response).body as { status: string }).status).toBe('completed');
    expect(await subscriptionOf(m)).toMatchObject({ subscribed: true, plan: 'monthly', renews: false });
    expect((await t.ctx.db.selectFrom('profiles').select('stripe_subscription_id').where('user_id', '=', m.userId).executeTakeFirstOrThrow()).stripe_subscription_id).toBe(sub);
  });
});

