// The public pages every campus service needs, in the browser: each landing footer link goes
// somewhere real; the terms and the privacy policy show their issuer, version and date and
// download their PDFs; the Help Center opens one question at a time and copies the support
// address; the contact page shows the settings' facts and a map link, no embedded map.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { expectToast } from './toast.js';

process.env.COMPANY_NAME = 'Maple Campus Co-op';
process.env.SUPPORT_EMAIL = 'help@maple.example';
process.env.SUPPORT_PHONE = '+1 604 555 0199';
process.env.POSTAL_ADDRESS = '100 Example Street, Exampletown, EX 00000';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };

void describe('legal, help and contact pages, in the browser', () => {
  const env = useServerAndBrowser();

  void it('every landing footer link goes somewhere real', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, desktop);
    try {
      await page.goto(url);
      const footer = page.getByRole('contentinfo');
      // The page renders once its language is loaded: wait for the footer's links, not just the document.
      await footer.getByRole('link').nth(5).waitFor();
      const targets = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      assert.ok(targets.length >= 6, `footer links: ${targets.join(', ')}`);
      for (const target of targets.filter((href) => href.startsWith('/') && !href.startsWith('/#'))) {
        await page.goto(`${url}${target}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        assert.equal(await page.getByText('Oops! Page not found').count(), 0, `${target} is a real page`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the terms and the privacy policy show who issued them and download as PDFs', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, phone);
    try {
      for (const [path, title] of [['/terms-of-service', 'Terms of Service'], ['/privacy-policy', 'Privacy Policy']] as const) {
        await page.goto(`${url}${path}`);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByText('Issued by Maple Campus Co-op').waitFor();
        assert.equal(await page.getByTestId('legal-version').textContent(), 'Version 1.0 · September 20, 2025');
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
        assert.equal(download.suggestedFilename(), `Kindred${path.replace('/', '-')}.pdf`);
        await screenshot(page, `legal${path.replace('/', '-')}-390`);
      }
      await page.getByText("Canada's Personal Information Protection and Electronic Documents Act (PIPEDA)", { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(`${url}/`);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('the Help Center opens one question at a time and copies the support address', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { ...phone, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await page.goto(`${url}/help`);
      const questions = page.getByRole('button', { name: /\?$/ });
      await questions.last().waitFor();
      assert.equal(await questions.count(), 10);
      await page.getByRole('button', { name: 'How does AI matching work?' }).click();
      await page.getByRole('button', { name: 'How do I delete my account?' }).click();
      await page.getByText('Go to General → Account Actions → Delete Account', { exact: false }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'How does AI matching work?' }).getAttribute('aria-expanded'), 'false', 'single-open');
      await page.getByRole('button', { name: 'Copy e-mail address' }).click();
      await expectToast(page, 'Email copied!');
      assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), 'help@maple.example');
      await screenshot(page, 'help-390');
      await page.getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL(`${url}/contact`);
      await page.getByRole('link', { name: '+1 604 555 0199' }).waitFor();
      await page.getByRole('link', { name: 'help@maple.example' }).waitFor();
      await page.getByText('100 Example Street, Exampletown, EX 00000').waitFor();
      await page.getByRole('link', { name: /Open in OpenStreetMap/ }).waitFor();
      assert.equal(await page.locator('iframe').count(), 0, 'no embedded map');
      await screenshot(page, 'contact-390');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });
});
