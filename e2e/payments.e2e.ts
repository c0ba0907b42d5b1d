// Premium in the browser, against a local Stripe stand-in (server/test/stripe-standin.ts) that
// plays Stripe's API and its hosted checkout page: a member opens Premium, chooses Monthly, pays
// on the stand-in's checkout, lands on /payment-success, and the crown shows on the search page;
// a donation's page is reloaded and opened in a second tab and still thanks once. Checked with axe.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { startStripeStandIn, type StripeStandIn } from '../server/test/stripe-standin.js';
import { expectAccessiblePage } from './axe.js';
import { mia, leo } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { completeMember, freshEmail } from './members.js';
import { expectToast } from './toast.js';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

/** The confirmation e-mails in the server's outbox for one address. */
async function confirmations(dataDir: string, to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const subjects: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!raw.toLowerCase().includes(to.toLowerCase())) continue;
    const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
    if (/Premium is active|Thank you for supporting/.test(subject)) subjects.push(subject);
  }
  return subjects;
}

void describe('premium and donations, in the browser', () => {
  let stripe: StripeStandIn | undefined;
  before(async () => {
    stripe = await startStripeStandIn();
    process.env.STRIPE_SECRET_KEY = 'sk_test_e2e';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_e2e';
    process.env.STRIPE_API_URL = stripe.url;
    // Nobody gets the early-user gift here, so the crown means a payment.
    process.env.EARLY_USER_GIFT_LIMIT = '0';
  });
  after(async () => {
    await stripe?.close();
  });
  const env = useServerAndBrowser({ needsDataDir: true });

  void it('a member opens Premium, chooses Monthly, pays, and the crown shows', async () => {
    const { server, url, browser } = env();
    const { page, errors, close } = await openPage(browser, phone);
    try {
      await completeMember(page, server, { ...mia, email: freshEmail('e2e-pay') }, 'e2e-pay');
      await page.goto(`${url}/search`);
      await page.getByRole('textbox').first().waitFor();
      assert.equal(await page.getByRole('img', { name: 'VIP member' }).count(), 0, 'no crown before paying');

      await page.goto(`${url}/settings`);
      await page.getByRole('button', { name: 'Premium', exact: true }).click();
      await page.getByRole('heading', { name: 'Premium', level: 2 }).waitFor();
      await expectAccessiblePage(page, 'premium panel at 390 px');
      await screenshot(page, 'premium-390');
      await page.getByRole('button', { name: 'Choose Monthly Premium' }).click();

      await page.waitForURL((u) => u.pathname === '/payment-success' && u.searchParams.get('type') === 'subscription' && (u.searchParams.get('session_id') ?? '').startsWith('cs_test_'));
      await page.getByRole('heading', { name: 'Payment Successful!', level: 1 }).waitFor();
      await page.getByRole('heading', { name: /Welcome to .* Premium/ }).waitFor();
      await expectToast(page, 'Payment Processed', 'Your payment has been processed successfully.');
      await expectAccessiblePage(page, 'payment success at 390 px');
      await screenshot(page, 'payment-success-390');

      await page.getByRole('link', { name: 'View Settings' }).click();
      await page.getByRole('button', { name: 'Premium', exact: true }).click();
      assert.match((await page.getByTestId('premium-status').textContent()) ?? '', /^Renews on /);
      await page.getByRole('button', { name: 'Manage subscription' }).waitFor();
      await screenshot(page, 'premium-member-390');

      await page.goto(`${url}/search`);
      await page.getByRole('img', { name: 'VIP member' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('a donation thanks once, however often its page is reloaded or opened', async () => {
    const { server, url, browser } = env();
    const email = freshEmail('e2e-donor');
    const { page, errors, close } = await openPage(browser, desktop);
    try {
      await completeMember(page, server, { ...leo, email }, 'e2e-pay');
      await page.goto(`${url}/settings`);
      const amount = page.getByRole('textbox', { name: 'Amount (CAD)' });
      assert.equal(await amount.inputValue(), '$19.99');
      await amount.fill('0.5');
      await page.getByRole('button', { name: 'Donate' }).click();
      await expectToast(page, 'Invalid Amount', 'Donation amount must be at least $1.00 CAD');
      await amount.fill('12');
      await page.getByRole('button', { name: 'Donate' }).click();

      await page.waitForURL((u) => u.pathname === '/payment-success' && u.searchParams.get('type') === 'donation');
      await page.getByRole('heading', { name: 'Thank you for your donation!' }).waitFor();
      await expectAccessiblePage(page, 'donation success at 1280 px');
      await screenshot(page, 'donation-success-1280');

      await page.reload();
      await page.getByRole('heading', { name: 'Payment Successful!', level: 1 }).waitFor();
      const second = await page.context().newPage();
      await second.goto(page.url());
      await second.getByRole('heading', { name: 'Payment Successful!', level: 1 }).waitFor();
      await second.close();

      assert.deepEqual(await confirmations(server.dataDir, email), ['Thank you for supporting Kindred']);
      await page.goto(`${url}/search`);
      await page.getByRole('textbox').first().waitFor();
      assert.equal(await page.getByRole('img', { name: 'VIP member' }).count(), 0, 'a donation is not premium');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
