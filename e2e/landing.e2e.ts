// What a visitor sees on the public pages: the landing page on desktop and phone, its calls to
// action, the not-found page and the legal redirects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { openPage, screenshot, useServerAndBrowser } from './harness.js';

const friendTypes = [
  'Movie Buddy',
  'Study Partner',
  'Workout Friend',
  'Coffee Chat',
  'Gaming Mate',
  'Travel Companion',
  'Foodie Friend',
  'Art Lover',
];

const footerLinks: [label: string, href: string][] = [
  ['Privacy Policy', '/privacy-policy'],
  ['Terms of Service', '/terms-of-service'],
  ['Help', '/help'],
  ['Contact', '/contact'],
  ['How It Works', '/#features'],
  ['Features', '/#enjoy'],
];

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// How far the page can scroll sideways (0 when it fits). A string expression because this
// project's TypeScript setup has no DOM types.
async function horizontalOverflow(page: Page): Promise<number> {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  assert.equal(typeof overflow, 'number');
  return overflow as number;
}

async function poll(condition: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function productNameOf(page: Page): Promise<string> {
  const name = await page.locator('meta[name="product-name"]').getAttribute('content');
  assert.ok(name, 'index.html carries the product name');
  return name.trim();
}

// Waits until the element's top edge sits near the top of the viewport (below the sticky nav bar).
async function waitUntilScrolledTo(page: Page, selector: string): Promise<void> {
  await poll(async () => {
    const box = await page.locator(selector).boundingBox();
    return box !== null && box.y >= -2 && box.y <= 120;
  }, `${selector} is scrolled into view`);
}

void describe('public pages', () => {
  const env = useServerAndBrowser();

  for (const viewport of viewports) {
    void it(`shows the whole landing page at ${String(viewport.width)}x${String(viewport.height)}`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: { width: viewport.width, height: viewport.height } });
      try {
        await page.goto(`${url}/`);
        const hero = page.getByRole('heading', { level: 1, name: 'Find your people on campus' });
        await hero.waitFor();
        const productName = await productNameOf(page);

        // Hero copy and calls to action.
        for (const claim of ['2.5K+', 'active students', '850+', 'connections made', 'Joining is free', 'No endless swiping']) {
          assert.ok(await page.getByText(claim, { exact: true }).first().isVisible(), `hero shows "${claim}"`);
        }
        const findMyFriend = page.getByRole('link', { name: 'Find My Friend' });
        assert.ok(await findMyFriend.isVisible());
        assert.equal(await findMyFriend.getAttribute('href'), '/auth');
        const signIn = page.getByRole('link', { name: 'Sign In' });
        assert.ok(await signIn.isVisible());
        assert.equal(await signIn.getAttribute('href'), '/auth?mode=login');
        assert.ok(await page.locator('header').getByText(productName, { exact: true }).isVisible(), 'nav shows the product name');

        await screenshot(page, `landing-${String(viewport.width)}`);

        // The dropdown offers exactly the eight friend types, and picking one shows it.
        const select = page.getByRole('combobox', { name: "I'm looking for a…" });
        await select.click();
        const listbox = page.getByRole('listbox');
        await listbox.waitFor();
        assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), friendTypes);
        await listbox.getByRole('option', { name: 'Study Partner' }).click();
        assert.equal(await select.inputValue(), 'Study Partner');

        // Sections.
        assert.ok(await page.locator('#features').isVisible(), '#features is shown');
        assert.equal(await page.locator('#features #how-it-works').count(), 1, '#how-it-works sits inside #features');
        for (const step of ['Tell your vibe', 'AI builds your profile', 'Connect in real life']) {
          assert.ok(await page.locator('#how-it-works').getByRole('heading', { name: step }).isVisible(), `step "${step}"`);
        }
        assert.ok(await page.locator('#enjoy').getByRole('heading', { name: 'Enjoy the Fun Part' }).isVisible());
        for (const card of ['Smart AI Profiles', 'Natural Search', 'Why-Match', 'Community-First']) {
          assert.ok(await page.locator('#enjoy').getByRole('heading', { name: card }).isVisible(), `card "${card}"`);
        }
        assert.ok(await page.getByRole('heading', { name: `Why Choose ${productName}` }).isVisible());
        assert.ok(await page.getByText('Sample testimonials', { exact: true }).isVisible(), 'testimonials are labelled as samples');
        assert.ok(await page.locator('blockquote').isVisible(), 'a testimonial is shown');
        const start = page.getByRole('link', { name: 'Start Finding Friends' });
        assert.ok(await start.isVisible());
        assert.equal(await start.getAttribute('href'), '/auth');

        // Footer.
        const footer = page.locator('footer');
        for (const [label, href] of footerLinks) {
          const link = footer.getByRole('link', { name: label, exact: true });
          assert.ok(await link.isVisible(), `footer link "${label}"`);
          assert.equal(await link.getAttribute('href'), href, `footer link "${label}" target`);
        }
        assert.ok(await footer.getByText(`© 2025 ${productName}`, { exact: true }).isVisible());

        assert.ok((await horizontalOverflow(page)) <= 0, `no horizontal scroll at ${String(viewport.width)} px`);
        if (viewport.name === 'phone') {
          await page.setViewportSize({ width: 360, height: 740 });
          await hero.waitFor();
          assert.ok((await horizontalOverflow(page)) <= 0, 'no horizontal scroll at 360 px');
          await screenshot(page, 'landing-360');
        }

        assert.deepEqual(errors, [], 'no console errors');
      } finally {
        await close();
      }
    });
  }

  void it('scrolls to the sections from the nav and footer anchors', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${url}/`);
      await page.locator('header').getByRole('link', { name: 'How It Works' }).click();
      await waitUntilScrolledTo(page, '#features');
      await page.locator('footer').getByRole('link', { name: 'Features', exact: true }).click();
      await waitUntilScrolledTo(page, '#enjoy');
      assert.equal(new URL(page.url()).hash, '#enjoy');

      // Arriving from another page with a hash lands on the section too.
      await page.goto(`${url}/#features`);
      await waitUntilScrolledTo(page, '#features');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('rotates the sample testimonials every few seconds', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await page.clock.install();
      await page.goto(`${url}/`);
      const quote = page.locator('blockquote');
      await quote.waitFor();
      const first = await quote.innerText();
      await page.clock.runFor(5_500);
      await poll(async () => (await quote.innerText()) !== first, 'the next testimonial shows');
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      assert.notEqual(await quote.innerText(), first);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('does not rotate the testimonials for visitors who prefer reduced motion', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      await page.clock.install();
      await page.goto(`${url}/`);
      const quote = page.locator('blockquote');
      await quote.waitFor();
      const first = await quote.innerText();
      await page.clock.runFor(20_000);
      assert.equal(await quote.innerText(), first);
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      assert.notEqual(await quote.innerText(), first, 'visitors can still browse them by hand');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('takes "Find My Friend" to the auth screen', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${url}/`);
      await page.getByRole('link', { name: 'Find My Friend' }).click();
      await page.waitForURL((current) => current.pathname === '/auth');
      const productName = await productNameOf(page);
      await page.getByRole('heading', { name: `Sign in to ${productName}` }).waitFor();
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('shows a not-found page for unknown paths, with a way home', async () => {
    const { url, browser } = env();
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${url}/no-such-page`);
      await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL((current) => current.pathname === '/');
      await page.getByRole('heading', { level: 1, name: 'Find your people on campus' }).waitFor();
    } finally {
      await close();
    }
  });

  void it('redirects /terms and /privacy to the full legal paths', async () => {
    const { url, browser } = env();
    const { page, close } = await openPage(browser);
    try {
      await page.goto(`${url}/terms`);
      await page.waitForURL((current) => current.pathname === '/terms-of-service');
      await page.goto(`${url}/privacy`);
      await page.waitForURL((current) => current.pathname === '/privacy-policy');
    } finally {
      await close();
    }
  });
});
