import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's HTTP API that Kindred calls (Checkout Sessions,
 * Subscriptions, the billing portal), speaking the same paths and form-encoded bodies, so the
 * real `stripe` client is exercised with no network. It also plays the hosted checkout page
 * (GET /pay/:id completes the session and redirects to its success_url) and makes and signs
 * webhook events the way Stripe does.
 */
export interface StripeStandIn {
  url: string;
  /** Every Checkout Session created, with the parameters the app sent. */
  sessions: Map<string, StandInSession>;
  subscriptions: Map<string, StandInSubscription>;
  /** Every request the app made, method and path. */
  requests: string[];
  /** Answer the next N API calls with 500 (the app's error path). */
  failNext(count: number): void;
  /**
   * A slow Stripe: every API call whose path matches is answered `ms` late, with what Stripe had
   * when it was asked (a stale answer, if something changed meanwhile), until `stall(undefined)`.
   * The call is in `requests` from the moment it arrives.
   */
  stall(hold: { path: string | RegExp; ms: number } | undefined): void;
  /** The customer paid: the session completes, with a customer, and a subscription for a plan. */
  complete(sessionId: string): StandInSession;
  /** A renewal: the subscription's period moves one interval on. */
  renew(subscriptionId: string): StandInSubscription;
  /** Records that a PaymentIntent paid an invoice (what GET /v1/invoice_payments answers); returns the PaymentIntent's id. */
  payInvoice(invoiceId: string): string;
  setSubscription(subscriptionId: string, changes: Partial<Pick<StandInSubscription, 'status' | 'cancel_at_period_end'>>): StandInSubscription;
  /** A webhook event around an object, as Stripe sends it. */
  event(type: string, object: object): { id: string; type: string; body: string };
  /** The Stripe-Signature header for a body (default: now, the given secret). */
  sign(body: string, secret: string, timestamp?: number): string;
  close(): Promise<void>;
}

type Params = Record<string, unknown>;

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  mode: 'payment' | 'subscription';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer: string | null;
  customer_email: string | null;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
  /** What the app sent, parsed. */
  params: Params;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid';
  customer: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  trial_end: number | null;
  items: { object: 'list'; data: { id: string; current_period_start: number; current_period_end: number; price: { recurring: { interval: 'month' | 'year' } } }[] };
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const addInterval = (seconds: number, interval: 'month' | 'year') => {
  const date = new Date(seconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** Answers held back by `stall`, by response: how late. */
const lateBy = new WeakMap<ServerResponse, number>();

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const answer = () => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(text);
  };
  const late = lateBy.get(res);
  if (late) setTimeout(answer, late);
  else answer();
}

const missing = (res: ServerResponse, what: string) => send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const subscriptions = new Map<string, StandInSubscription>();
  const requests: string[] = [];
  /** PaymentIntent → the invoice it paid. */
  const invoicePayments = new Map<string, string>();
  let customers = 0;
  let failures = 0;
  let hold: { path: string | RegExp; ms: number } | undefined;
  let base = '';
  const stripe = new Stripe('sk_test_standin');

  const complete = (sessionId: string): StandInSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === 'complete') return session;
    session.status = 'complete';
    session.customer ??= id('cus');
    if (session.mode === 'payment') {
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
    } else {
      const subscriptionData = (session.params.subscription_data ?? {}) as { trial_end?: string; metadata?: Record<string, string> };
      const lineItem = (session.params.line_items as { price_data: { recurring: { interval: 'month' | 'year' } } }[])[0]!;
      const interval = lineItem.price_data.recurring.interval;
      const trialEnd = subscriptionData.trial_end ? Number(subscriptionData.trial_end) : null;
      const start = now();
      const subscription: StandInSubscription = {
        id: id('sub'),
        object: 'subscription',
        status: trialEnd ? 'trialing' : 'active',
        customer: session.customer,
        metadata: subscriptionData.metadata ?? {},
        cancel_at_period_end: false,
        cancel_at: null,
        trial_end: trialEnd,
        items: { object: 'list', data: [{ id: id('si'), current_period_start: start, current_period_end: trialEnd ?? addInterval(start, interval), price: { recurring: { interval } } }] },
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.invoice = id('in');
      session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
      // Like Stripe: a subscription's Checkout Session names no PaymentIntent; its invoice's payment does.
      if (!trialEnd) invoicePayments.set(id('pi'), session.invoice);
    }
    return session;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const body = await readBody(req);
      requests.push(`${req.method ?? ''} ${url.pathname}`);
      const parts = url.pathname.split('/').filter(Boolean);

      // The hosted checkout page, as a browser sees it: paying completes the session.
      if (req.method === 'GET' && parts[0] === 'pay' && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) return missing(res, 'checkout session');
        complete(session.id);
        res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      if (req.method === 'GET' && parts[0] === 'portal') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>Customer portal</title><h1>Customer portal (stand-in)</h1>');
      }
      if (parts[0] !== 'v1') return missing(res, 'path');
      if (hold && (typeof hold.path === 'string' ? url.pathname === hold.path : hold.path.test(url.pathname))) lateBy.set(res, hold.ms);
      if (!req.headers.authorization?.startsWith('Bearer sk_')) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API key provided' } });
      if (failures > 0) {
        failures--;
        return send(res, 500, { error: { type: 'api_error', message: 'stand-in failure' } });
      }
      const params = qs.parse(body) as Params;

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const lineItems = params.line_items as { quantity: string; price_data: { unit_amount: string; currency: string } }[];
        const total = lineItems.reduce((sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity), 0);
        const trial = (params.subscription_data as { trial_end?: string } | undefined)?.trial_end;
        const session: StandInSession = {
          id: id('cs'),
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          mode: params.mode as 'payment' | 'subscription',
          amount_total: trial ? 0 : total,
          currency: lineItems[0]!.price_data.currency,
          client_reference_id: (params.client_reference_id as string | undefined) ?? null,
          metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          customer: (params.customer as string | undefined) ?? null,
          customer_email: (params.customer_email as string | undefined) ?? null,
          subscription: null,
          payment_intent: null,
          invoice: null,
          url: '',
          success_url: params.success_url as string,
          cancel_url: params.cancel_url as string,
          params,
        };
        session.url = `${base}/pay/${session.id}`;
        sessions.set(session.id, session);
        return send(res, 200, session);
      }
      if (req.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
        const session = sessions.get(parts[3]);
        return session ? send(res, 200, session) : missing(res, 'checkout session');
      }
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
        const customer = url.searchParams.get('customer');
        return send(res, 200, { object: 'list', has_more: false, data: [...subscriptions.values()].filter((s) => s.customer === customer) });
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        customers++;
        return send(res, 200, { id: `cus_test_${String(customers)}_${randomBytes(6).toString('hex')}`, object: 'customer', email: params.email, metadata: params.metadata ?? {} });
      }
      if (req.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const paymentIntent = url.searchParams.get('payment[payment_intent]') ?? '';
        const invoice = invoicePayments.get(paymentIntent);
        return send(res, 200, { object: 'list', has_more: false, data: invoice ? [{ id: id('inpay'), object: 'invoice_payment', invoice, payment: { type: 'payment_intent', payment_intent: paymentIntent } }] : [] });
      }
      if (parts[1] === 'subscriptions' && parts[2]) {
        const subscription = subscriptions.get(parts[2]);
        if (!subscription) return missing(res, 'subscription');
        if (req.method === 'DELETE') subscription.status = 'canceled';
        return send(res, 200, subscription);
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        return send(res, 200, { id: id('bps'), object: 'billing_portal.session', customer: params.customer, url: `${base}/portal/${String(params.customer)}` });
      }
      return missing(res, 'path');
    })().catch((error: unknown) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    url: base,
    sessions,
    subscriptions,
    requests,
    failNext: (count) => {
      failures = count;
    },
    stall: (next) => {
      hold = next;
    },
    complete,
    renew: (subscriptionId) => {
      const subscription = subscriptions.get(subscriptionId)!;
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_end, item.price.recurring.interval);
      subscription.status = 'active';
      return subscription;
    },
    payInvoice: (invoiceId) => {
      const paymentIntent = id('pi');
      invoicePayments.set(paymentIntent, invoiceId);
      return paymentIntent;
    },
    setSubscription: (subscriptionId, changes) => Object.assign(subscriptions.get(subscriptionId)!, changes),
    event: (type, object) => {
      const event = { id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: null, type, data: { object } };
      return { id: event.id, type, body: JSON.stringify(event) };
    },
    sign: (body, secret, timestamp) => stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
