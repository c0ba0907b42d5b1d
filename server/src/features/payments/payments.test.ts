import request from 'supertest';

import { agentFor, TEST_PASSWORD } from '../../../test/auth-helpers.js';
import { decodedMailsTo } from '../../../test/decoded-mail.js';
import { type SignedInMember, signedInMember } from '../../../test/members.js';
import { mailsTo } from '../../../test/outbox.js';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-standin.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { addMonths } from '../subscription/subscription.service.js';

const SECRET = 'whsec_test_kindred';
const clock = new TestClock();
let stripe: StripeStandIn;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_kindred', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url }, { clock });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const paymentsOf = (userId: string) => t.ctx.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const membership = (userId: string) =>
  t.ctx.db.selectFrom('profiles').select(['is_vip', 'vip_expires_at', 'premium_type', 'premium_plan', 'premium_renews', 'stripe_subscription_id']).where('user_id', '=', userId).executeTakeFirstOrThrow();
const subscription = async (m: SignedInMember) => (await m.agent.get('/api/subscription').expect(200)).body as { subscribed: boolean; plan: string | null; renews: boolean; subscriptionEnd: string | null; canManage: boolean; premiumType: string | null };
const confirmationMails = async (m: SignedInMember) => (await mailsTo(t.dataDir, m.email)).filter((mail) => /Premium is active|Thank you for supporting/.test(mail.subject));

/** Starts a checkout and returns the stand-in's session for it. */
async function checkout(m: SignedInMember, body: object) {
  const res = await m.agent.post('/api/payments/checkout').send(body).expect(200);
  const sessionId = new URL(res.body.url as string).pathname.split('/').pop()!;
  return stripe.sessions.get(sessionId)!;
}

function deliver(event: { body: string }, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const signature = stripe.sign(event.body, options.secret ?? SECRET, options.timestamp);
  return request(t.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(options.body ?? event.body);
}

describe('checkout', () => {
  it('asks a visitor to sign in', async () => {
    await request(t.app).post('/api/payments/checkout').send({ plan: 'monthly' }).expect(401);
    await request(t.app).post('/api/payments/confirm').send({ sessionId: 'cs_test_x' }).expect(401);
    await request(t.app).post('/api/payments/portal').expect(401);
  });

  it('takes prices from the catalogue only: monthly 5.99, yearly 59.99 CAD, renewing', async () => {
    const m = await signedInMember(t, 'Ana Lee', 'pay');
    const monthly = await checkout(m, { plan: 'monthly' });
    expect(monthly.mode).toBe('subscription');
    expect(monthly.params).toMatchObject({ client_reference_id: m.userId, line_items: [{ price_data: { currency: 'cad', unit_amount: '599', recurring: { interval: 'month' } } }] });
    expect(monthly.success_url).toMatch(/\/payment-success\?session_id=\{CHECKOUT_SESSION_ID\}&type=subscription$/);
    const yearly = await checkout(m, { plan: 'yearly' });
    expect(yearly.params).toMatchObject({ line_items: [{ price_data: { unit_amount: '5999', recurring: { interval: 'year' } } }] });
    // A client that sends its own price is refused, not obeyed.
    const forged = await m.agent.post('/api/payments/checkout').send({ plan: 'monthly', amount: 0.01 }).expect(400);
    expect(forged.body.error.code).toBe('validation_failed');
    await m.agent.post('/api/payments/checkout').send({ plan: 'lifetime' }).expect(400);
    expect((await paymentsOf(m.userId)).map((p) => [p.payment_type, p.amount_cents, p.status])).toEqual([
      ['monthly', 599, 'pending'],
      ['yearly', 5999, 'pending'],
    ]);
  });

  it('takes a donation of at least 1.00 CAD in whole cents, in the spec\'s words', async () => {
    const m = await signedInMember(t, 'Bo Chen', 'pay');
    const session = await checkout(m, { plan: 'donation', amount: 19.99 });
    expect(session.mode).toBe('payment');
    expect(session.params).toMatchObject({ line_items: [{ price_data: { unit_amount: '1999', currency: 'cad' } }] });
    expect(session.success_url).toMatch(/type=donation$/);
    for (const amount of [0, 0.99, -5]) {
      const res = await m.agent.post('/api/payments/checkout').send({ plan: 'donation', amount }).expect(400);
      expect(res.body.error.message).toBe('Donation amount must be at least $1.00 CAD');
    }
    await m.agent.post('/api/payments/checkout').send({ plan: 'donation', amount: 1.005 }).expect(400);
    await m.agent.post('/api/payments/checkout').send({ plan: 'donation', amount: '20' }).expect(400);
    await m.agent.post('/api/payments/checkout').send({ plan: 'donation' }).expect(400);
    await checkout(m, { plan: 'donation', amount: 1 });
  });

  it('says so plainly when Stripe does not answer, and keeps nothing', async () => {
    const m = await signedInMember(t, 'Cy Park', 'pay');
    stripe.failNext(3);
    const res = await m.agent.post('/api/payments/checkout').send({ plan: 'monthly' }).expect(502);
    expect(res.body.error.code).toBe('checkout_failed');
    expect(await paymentsOf(m.userId)).toEqual([]);
  });
});

describe('checkout limits', () => {
  it('refuses more checkouts than RATE_LIMIT_CHECKOUT_USER, in plain words', async () => {
    const limited = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_kindred', STRIPE_API_URL: stripe.url, RATE_LIMIT_CHECKOUT_USER: '2/1h' });
    try {
      const m = await signedInMember(limited, 'Pia Ek', 'pay');
      await m.agent.post('/api/payments/checkout').send({ plan: 'monthly' }).expect(200);
      await m.agent.post('/api/payments/checkout').send({ plan: 'donation', amount: 3 }).expect(200);
      const refused = await m.agent.post('/api/payments/checkout').send({ plan: 'yearly' }).expect(429);
      expect(refused.body.error.message).toMatch(/^Too many checkouts started\. Please try again in \d+ minutes\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('the grant', () => {
  it('happens on the success page only once Stripe says the session is paid, once however often it is confirmed', async () => {
    const m = await signedInMember(t, 'Di Wu', 'pay');
    const session = await checkout(m, { plan: 'monthly' });
    const early = await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    expect(early.body).toMatchObject({ status: 'pending' });
    expect((await subscription(m)).subscribed).toBe(false);

    stripe.complete(session.id);
    const done = await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    expect(done.body).toEqual({ status: 'completed', type: 'subscription', message: 'Your payment has been processed successfully.' });
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);

    const status = await subscription(m);
    expect(status).toMatchObject({ subscribed: true, premiumType: 'paid', plan: 'monthly', renews: true, canManage: true });
    const periodEnd = stripe.subscriptions.get(stripe.sessions.get(session.id)!.subscription!)!.items.data[0]!.current_period_end;
    expect(status.subscriptionEnd).toBe(new Date(periodEnd * 1000).toISOString());
    expect((await paymentsOf(m.userId)).map((p) => [p.payment_type, p.amount_cents, p.currency, p.status])).toEqual([['monthly', 599, 'CAD', 'completed']]);
    const mails = await confirmationMails(m);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Monthly, $5.99 CAD');
  });

  it('never grants another member\'s session, or one Stripe does not know', async () => {
    const owner = await signedInMember(t, 'Ed Kim', 'pay');
    const other = await signedInMember(t, 'Fay Lo', 'pay');
    const session = await checkout(owner, { plan: 'yearly' });
    stripe.complete(session.id);
    await other.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(404);
    await other.agent.post('/api/payments/confirm').send({ sessionId: 'cs_test_nothing' }).expect(404);
    await other.agent.post('/api/payments/confirm').send({ sessionId: '../v1/customers' }).expect(400);
    expect((await subscription(other)).subscribed).toBe(false);
    expect(await paymentsOf(other.userId)).toEqual([]);
  });

  it('thanks a donor by e-mail and makes nobody premium', async () => {
    const m = await signedInMember(t, 'Gus Ng', 'pay');
    const session = await checkout(m, { plan: 'donation', amount: 25 });
    stripe.complete(session.id);
    const res = await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    expect(res.body.type).toBe('donation');
    expect((await subscription(m)).subscribed).toBe(false);
    expect((await paymentsOf(m.userId)).map((p) => [p.payment_type, p.amount_cents, p.status])).toEqual([['donation', 2500, 'completed']]);
    expect((await confirmationMails(m))[0]!.text).toContain('Thank you for your donation of $25.00 CAD');
  });

  it('sends the receipt in the member\'s language: a member who chose Chinese gets it in Chinese, with the amount in Chinese conventions', async () => {
    const m = await signedInMember(t, 'Li Hua', 'pay');
    await m.agent.put('/api/account/language').send({ language: 'zh-Hans' }).expect(200);
    const session = await checkout(m, { plan: 'yearly' });
    stripe.complete(session.id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    const [receipt] = (await decodedMailsTo(t.dataDir, m.email)).slice(-1);
    expect(receipt!.contentLanguage).toBe('zh-Hans');
    expect(receipt!.subject).toBe('您的 Kindred 高级会员已生效');
    expect(receipt!.text).toContain('欢迎成为 Kindred 高级会员（年付，CA$59.99）。');
    expect(receipt!.text).toMatch(/您的会员资格将于 \d{4}年\d{1,2}月\d{1,2}日 续订/);
  });
});

describe('webhooks', () => {
  it('apply a signed event once and refuse tampered, stale, unsigned and wrongly signed ones', async () => {
    const m = await signedInMember(t, 'Hal Ro', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'donation', amount: 5 })).id);
    const event = stripe.event('checkout.session.completed', session);

    const tampered = event.body.replace('"amount_total":500', '"amount_total":1');
    expect(tampered).not.toBe(event.body);
    const signature = stripe.sign(event.body, SECRET);
    await request(t.app).post('/api/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', signature).send(tampered).expect(400);
    await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 400 }).expect(400);
    await deliver(event, { secret: 'whsec_someone_else' }).expect(400);
    const unsigned = await request(t.app).post('/api/stripe/webhook').set('content-type', 'application/json').send(event.body).expect(400);
    expect(unsigned.body.error.code).toBe('invalid_signature');
    expect(await paymentsOf(m.userId)).toMatchObject([{ status: 'pending' }]);

    expect((await deliver(event).expect(200)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await deliver(event).expect(200)).body.outcome).toBe('duplicate');
    expect((await paymentsOf(m.userId)).map((p) => [p.amount_cents, p.status])).toEqual([[500, 'completed']]);
    expect(await confirmationMails(m)).toHaveLength(1);
  });

  it('grant exactly once when one event arrives twice at once and races the success page', async () => {
    const m = await signedInMember(t, 'Ivy Qi', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'monthly' })).id);
    const event = stripe.event('checkout.session.completed', session);
    const second = stripe.event('checkout.session.completed', session); // a different event for the same session
    const answers = await Promise.all([deliver(event), deliver(event), deliver(second), m.agent.post('/api/payments/confirm').send({ sessionId: session.id }), m.agent.post('/api/payments/confirm').send({ sessionId: session.id })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await paymentsOf(m.userId)).map((p) => [p.payment_type, p.status])).toEqual([['monthly', 'completed']]);
    expect(await confirmationMails(m)).toHaveLength(1);
    expect((await subscription(m)).subscribed).toBe(true);
  });

  it('extend premium on a renewal, end it at the period end after a cancellation, and at once on a refund', async () => {
    const m = await signedInMember(t, 'Jo Sun', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'monthly' })).id);
    await deliver(stripe.event('checkout.session.completed', session)).expect(200);
    const sub = stripe.subscriptions.get(session.subscription!)!;
    const firstEnd = (await membership(m.userId)).vip_expires_at!;

    // The first invoice belongs to the checkout's row: not counted twice.
    await deliver(stripe.event('invoice.paid', { id: session.invoice, object: 'invoice', billing_reason: 'subscription_create', amount_paid: 599, amount_due: 599, currency: 'cad', parent: { subscription_details: { subscription: sub.id } } })).expect(200);
    expect(await paymentsOf(m.userId)).toHaveLength(1);

    stripe.renew(sub.id);
    // As in Stripe's current API, the invoice names no PaymentIntent; Stripe's invoice payments link them.
    const renewalPayment = stripe.payInvoice('in_test_renewal_jo');
    const renewal = { id: 'in_test_renewal_jo', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 599, amount_due: 599, currency: 'cad', parent: { subscription_details: { subscription: sub.id } } };
    await deliver(stripe.event('invoice.paid', renewal)).expect(200);
    await deliver(stripe.event('invoice.paid', renewal)).expect(200); // another event for the same invoice
    const renewed = await membership(m.userId);
    expect(renewed.vip_expires_at!.getTime()).toBe(sub.items.data[0]!.current_period_end * 1000);
    expect(renewed.vip_expires_at!.getTime()).toBeGreaterThan(firstEnd.getTime());
    expect((await paymentsOf(m.userId)).map((p) => p.status)).toEqual(['completed', 'completed']);

    // Cancelled in the portal: premium runs to the end of the paid period, then ends.
    stripe.setSubscription(sub.id, { cancel_at_period_end: true });
    await deliver(stripe.event('customer.subscription.updated', { id: sub.id, object: 'subscription' })).expect(200);
    expect(await subscription(m)).toMatchObject({ subscribed: true, renews: false, subscriptionEnd: renewed.vip_expires_at!.toISOString() });

    // A refund of the renewal ends premium now and stops the subscription at Stripe.
    const before = stripe.requests.length;
    await deliver(stripe.event('charge.refunded', { id: 'ch_test_jo', object: 'charge', refunded: true, payment_intent: renewalPayment })).expect(200);
    expect(stripe.requests.slice(before)).toContain(`DELETE /v1/subscriptions/${sub.id}`);
    expect((await subscription(m)).subscribed).toBe(false);
    expect((await paymentsOf(m.userId)).map((p) => p.status)).toEqual(['completed', 'refunded']);
    await deliver(stripe.event('customer.subscription.deleted', { id: sub.id, object: 'subscription' })).expect(200);
    expect((await subscription(m)).subscribed).toBe(false);
  });

  it('leave the current period alone when an older one is refunded, and ignore a partial refund', async () => {
    const m = await signedInMember(t, 'Ria Oh', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'monthly' })).id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    const sub = stripe.subscriptions.get(session.subscription!)!;
    stripe.renew(sub.id);
    stripe.payInvoice('in_test_renewal_ria');
    await deliver(stripe.event('invoice.paid', { id: 'in_test_renewal_ria', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 599, amount_due: 599, currency: 'cad', parent: { subscription_details: { subscription: sub.id } } })).expect(200);

    const firstPayment = stripe.payInvoice(session.invoice!);
    await deliver(stripe.event('charge.refunded', { id: 'ch_test_ria_partial', object: 'charge', refunded: false, amount_refunded: 100, payment_intent: firstPayment })).expect(200);
    expect((await paymentsOf(m.userId)).map((p) => p.status)).toEqual(['completed', 'completed']);
    await deliver(stripe.event('charge.refunded', { id: 'ch_test_ria', object: 'charge', refunded: true, payment_intent: firstPayment })).expect(200);
    expect((await paymentsOf(m.userId)).map((p) => p.status)).toEqual(['refunded', 'completed']);
    expect(await subscription(m)).toMatchObject({ subscribed: true, renews: true });
    expect(stripe.subscriptions.get(sub.id)!.status).toBe('active');
  });

  it('never let an older plan take over from the one bought after it', async () => {
    const m = await signedInMember(t, 'Sol Vu', 'pay');
    const monthly = stripe.complete((await checkout(m, { plan: 'monthly' })).id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: monthly.id }).expect(200);
    stripe.setSubscription(monthly.subscription!, { cancel_at_period_end: true });
    await deliver(stripe.event('customer.subscription.updated', { id: monthly.subscription, object: 'subscription' })).expect(200);

    // Cancelled, still running: a yearly plan starts when it ends.
    const yearly = await checkout(m, { plan: 'yearly' });
    expect((yearly.params.subscription_data as { trial_end?: string }).trial_end).toBeDefined();
    stripe.complete(yearly.id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: yearly.id }).expect(200);
    expect(await subscription(m)).toMatchObject({ subscribed: true, plan: 'yearly', renews: true });

    // The old success page reopened, a late event, then the old plan's end: the yearly plan stays.
    await m.agent.post('/api/payments/confirm').send({ sessionId: monthly.id }).expect(200);
    await deliver(stripe.event('customer.subscription.updated', { id: monthly.subscription, object: 'subscription' })).expect(200);
    stripe.setSubscription(monthly.subscription!, { status: 'canceled' });
    await deliver(stripe.event('customer.subscription.deleted', { id: monthly.subscription, object: 'subscription' })).expect(200);
    expect(await subscription(m)).toMatchObject({ subscribed: true, plan: 'yearly', renews: true });
    expect((await membership(m.userId)).stripe_subscription_id).toBe(yearly.subscription);
  });

  it('record and ignore events for nobody here instead of failing them forever', async () => {
    const stranger = { ...stripe.complete((await checkout(await signedInMember(t, 'Tam Ye', 'pay'), { plan: 'donation', amount: 2 })).id), client_reference_id: '00000000-0000-4000-8000-000000000000', metadata: { userId: '00000000-0000-4000-8000-000000000000', kind: 'donation' } };
    const event = stripe.event('checkout.session.completed', stranger);
    expect((await deliver(event).expect(200)).body.outcome).toBe('ignored');
    expect((await deliver(event).expect(200)).body.outcome).toBe('duplicate');
    const foreign = { ...stranger, client_reference_id: null, metadata: {} };
    expect((await deliver(stripe.event('checkout.session.completed', foreign)).expect(200)).body.outcome).toBe('ignored');
  });

  it('end premium when a renewal fails, and record the failed payment', async () => {
    const m = await signedInMember(t, 'Kai Wu', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'yearly' })).id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    const sub = stripe.subscriptions.get(session.subscription!)!;
    stripe.setSubscription(sub.id, { status: 'past_due' });
    await deliver(stripe.event('invoice.payment_failed', { id: 'in_test_failed_kai', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 0, amount_due: 5999, currency: 'cad', parent: { subscription_details: { subscription: sub.id } } })).expect(200);
    expect(await subscription(m)).toMatchObject({ subscribed: false, canManage: true });
    expect((await paymentsOf(m.userId)).map((p) => [p.payment_type, p.amount_cents, p.status])).toEqual([
      ['yearly', 5999, 'completed'],
      ['yearly', 5999, 'failed'],
    ]);
    // The card needs fixing in the portal; buying again would leave Stripe retrying the old plan.
    expect((await m.agent.post('/api/payments/checkout').send({ plan: 'monthly' }).expect(409)).body.error.code).toBe('renewal_failed');
    // Stripe's retry succeeds: the same invoice is paid and premium is back.
    stripe.renew(sub.id);
    await deliver(stripe.event('invoice.paid', { id: 'in_test_failed_kai', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 5999, amount_due: 5999, currency: 'cad', parent: { subscription_details: { subscription: sub.id } } })).expect(200);
    expect((await subscription(m)).subscribed).toBe(true);
    expect((await paymentsOf(m.userId)).map((p) => p.status)).toEqual(['completed', 'completed']);
  });

  it('ignore events Kindred does not use, and say payments are not configured without keys', async () => {
    await deliver(stripe.event('customer.created', { id: 'cus_test_x', object: 'customer' })).expect(200);
    const bare = await createTestApp();
    try {
      const m = await signedInMember(bare, 'Lu Ma', 'pay');
      const res = await m.agent.post('/api/payments/checkout').send({ plan: 'monthly' }).expect(503);
      expect(res.body.error).toEqual({ code: 'payments_not_configured', message: 'Payments are not configured on this server. Nothing was charged.' });
      await m.agent.post('/api/payments/confirm').send({ sessionId: 'cs_test_x' }).expect(503);
      await request(bare.app).post('/api/stripe/webhook').set('content-type', 'application/json').send('{}').expect(503);
      expect((await m.agent.get('/api/subscription').expect(200)).body).toMatchObject({ paymentsConfigured: false, canManage: false });
    } finally {
      await bare.close();
    }
  });
});

describe('leaving', () => {
  it('cancels a deleted account\'s subscription at Stripe, so nobody is charged for an account they left', async () => {
    const m = await signedInMember(t, 'Ona Po', 'pay');
    const session = stripe.complete((await checkout(m, { plan: 'monthly' })).id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    await m.agent.delete('/api/account').send({ confirmation: 'DELETE MY ACCOUNT', currentPassword: TEST_PASSWORD }).expect(200);
    expect(stripe.subscriptions.get(session.subscription!)!.status).toBe('canceled');
    // Stripe's deletion event for it then changes nothing and fails nothing.
    expect((await deliver(stripe.event('customer.subscription.deleted', { id: session.subscription, object: 'subscription' })).expect(200)).body.outcome).toBe('applied');
  });
});

describe('a member who is already premium', () => {
  it('starts the new plan when the early-user gift ends: a trial until then, nothing charged now', async () => {
    const m = await signedInMember(t, 'Mo Li', 'pay');
    const giftAt = new Date(clock.now().getTime() - 60 * 86_400_000);
    const giftEnd = addMonths(giftAt, 6);
    await t.ctx.db.updateTable('profiles').set({ is_vip: true, vip_expires_at: giftEnd, premium_type: 'early_user', early_user_gift_at: giftAt }).where('user_id', '=', m.userId).execute();
    const session = await checkout(m, { plan: 'monthly' });
    expect(Number((session.params.subscription_data as { trial_end: string }).trial_end)).toBe(Math.floor(giftEnd.getTime() / 1000));
    stripe.complete(session.id);
    await m.agent.post('/api/payments/confirm').send({ sessionId: session.id }).expect(200);
    expect(await subscription(m)).toMatchObject({ subscribed: true, premiumType: 'paid', plan: 'monthly', renews: true });
    // Premium runs to the gift's end (the trial's end is the same moment, to the second).
    expect(Math.floor((await membership(m.userId)).vip_expires_at!.getTime() / 1000)).toBe(Math.floor(giftEnd.getTime() / 1000));
    expect((await paymentsOf(m.userId)).map((p) => [p.amount_cents, p.status])).toEqual([[0, 'completed']]);
    // A paid, renewing member cannot buy the same thing twice; Manage opens Stripe's portal.
    const again = await m.agent.post('/api/payments/checkout').send({ plan: 'yearly' }).expect(409);
    expect(again.body.error.code).toBe('already_subscribed');
    const portal = await m.agent.post('/api/payments/portal').expect(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_test_`));
  });

  it('has no portal before any checkout', async () => {
    const m = await signedInMember(t, 'Ned Ho', 'pay');
    expect((await m.agent.post('/api/payments/portal').expect(409)).body.error.code).toBe('no_subscription');
    const visitor = agentFor(t);
    await visitor.get('/api/subscription').expect(401);
  });
});
