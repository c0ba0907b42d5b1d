// The /auth screen against the real server: sign-up with the e-mailed code, sign-out, sign-in,
// the error toasts, safe redirects, password reset, the phone sheet and the demo.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { viewports } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import type { RunningServer } from './harness.js';
import { freshEmail, password, poll, readCode, readResetLink, sleep } from './members.js';
import { expectToast } from './toast.js';

// ---- Page helpers. ----

// Screenshots wait for the entrance animations to finish.
async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

async function productNameOf(page: Page): Promise<string> {
  const name = await page.locator('meta[name="product-name"]').getAttribute('content');
  assert.ok(name, 'index.html carries the product name');
  return name.trim();
}

async function waitForPath(page: Page, pathname: string): Promise<URL> {
  await page.waitForURL((current) => current.pathname === pathname);
  return new URL(page.url());
}

async function fillSignUp(page: Page, email: string, secret: string, confirmation = secret): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(secret);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(confirmation);
}

async function signIn(page: Page, email: string, secret: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

// The 4xx answers of the error cases show up as "Failed to load resource" console errors; nothing else may.
function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(error));
}

// A verified account, made through the API as a browser-less client would.
async function createAccount(server: RunningServer, email: string, secret: string): Promise<void> {
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const signUp = await post('/api/auth/signup', { email, password: secret });
  assert.equal(signUp.status, 202, 'sign-up accepted');
  const code = await readCode(server.dataDir, email);
  const verify = await post('/api/auth/signup/verify', { email, code });
  assert.equal(verify.status, 200, 'sign-up verified');
}

// Drags a finger vertically from (x, fromY) to (x, toY) with real touch events.
async function drag(page: Page, x: number, fromY: number, toY: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
    const steps = 8;
    for (let step = 1; step <= steps; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: fromY + ((toY - fromY) * step) / steps }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

void describe('the auth screen', () => {
  const env = useServerAndBrowser({ needsDataDir: true });

  for (const viewport of viewports) {
    const size = `${String(viewport.width)}x${String(viewport.height)}`;
    void it(`signs up with the e-mailed code, signs out and signs back in at ${size}`, async () => {
      const { server, url, browser } = env();
      const phone = viewport.name === 'phone';
      const { page, errors, close } = await openPage(browser, {
        viewport: { width: viewport.width, height: viewport.height },
        hasTouch: phone,
      });
      const email = freshEmail();
      try {
        // Sign-up form; Create Account stays disabled until the terms are accepted.
        await page.goto(`${url}/auth?mode=signup`);
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'), '/terms-of-service');
        assert.equal(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'), '/privacy-policy');
        await fillSignUp(page, email, password);
        const create = page.getByRole('button', { name: 'Create Account' });
        assert.ok(await create.isDisabled(), 'Create Account is disabled before the terms are accepted');
        await shoot(page, `auth-signup-${String(viewport.width)}`);
        await page.getByRole('checkbox', { name: /I agree to the/ }).check();
        assert.ok(await create.isEnabled(), 'Create Account is enabled once the terms are accepted');
        await create.click();

        // Code form.
        await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
        await expectToast(page, 'Verification code sent');
        assert.ok(await page.getByText(email, { exact: true }).isVisible(), 'the code form names the address');
        const verify = page.getByRole('button', { name: 'Verify', exact: true });
        assert.ok(await verify.isDisabled(), 'Verify is disabled before six digits are entered');
        const resend = page.getByRole('button', { name: /^Resend \(\d+s\)$/ });
        assert.ok(await resend.isDisabled(), 'Resend waits for its countdown');
        const code = await readCode(server.dataDir, email);
        await shoot(page, `auth-code-${String(viewport.width)}`);

        const digits = page.getByRole('textbox', { name: 'Verification code digit' });
        assert.equal(await digits.count(), 6, 'six code inputs');
        assert.equal(await digits.first().getAttribute('autocomplete'), 'one-time-code');
        await digits.first().click();
        await page.keyboard.type(code.slice(0, 5));
        assert.ok(await verify.isDisabled(), 'Verify is still disabled at five digits');
        await page.keyboard.type(code.slice(5));
        assert.ok(await verify.isEnabled(), 'Verify is enabled at six digits');
        await verify.click();

        // Signed in, profile incomplete: onboarding.
        await waitForPath(page, '/onboarding');
        await page.getByText(`Signed in as ${email}`, { exact: true }).waitFor();
        await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
        await expectToast(page, 'Registration successful');
        assert.equal(await page.evaluate('JSON.stringify(Object.values(sessionStorage))'), '[]', 'the pending sign-up is forgotten');

        // Sign out.
        await page.getByRole('button', { name: 'Sign Out' }).click();
        await waitForPath(page, '/');
        await page.getByRole('heading', { level: 1, name: 'Find your people on campus' }).waitFor();

        // Sign back in.
        await page.goto(`${url}/auth`);
        const productName = await productNameOf(page);
        await page.getByRole('heading', { name: `Sign in to ${productName}` }).waitFor();
        await shoot(page, `auth-signin-${String(viewport.width)}`);
        await signIn(page, email, password);
        await waitForPath(page, '/onboarding');
        await expectToast(page, 'Complete Your Profile');
        await page.getByText(`Signed in as ${email}`, { exact: true }).waitFor();
        await shoot(page, `auth-onboarding-${String(viewport.width)}`);

        assert.deepEqual(errors, [], 'no console errors');
      } finally {
        await close();
      }
    });
  }

  void it('explains a wrong password and sends an unknown address to sign-up', async () => {
    const { server, url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const email = freshEmail();
    try {
      await createAccount(server, email, password);
      await page.goto(`${url}/auth?mode=login`);
      await signIn(page, email, 'not-the-password');
      await expectToast(page, 'Sign In Failed', 'Invalid email or password. Please try again.');
      assert.equal(new URL(page.url()).pathname, '/auth', 'stays on /auth');

      const stranger = freshEmail();
      await signIn(page, stranger, password);
      await expectToast(page, 'Sign In Failed', 'No account found with this email. Please sign up first.');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue(), stranger, 'the sign-up form keeps the address');
      await shoot(page, 'auth-unknown-email-1280');

      assert.deepEqual(unexpectedErrors(errors), [], 'no console errors besides the 4xx answers');
    } finally {
      await close();
    }
  });

  void it('keeps the code form across a reload, storing only the address, and Back returns to sign-up', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    const email = freshEmail();
    try {
      await page.goto(`${url}/auth?mode=signup`);
      await fillSignUp(page, email, password);
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

      const stored = JSON.parse((await page.evaluate('JSON.stringify(Object.values(sessionStorage))')) as string) as string[];
      assert.equal(stored.length, 1, 'one record in sessionStorage');
      const record = JSON.parse(stored[0]!) as Record<string, unknown>;
      assert.deepEqual(Object.keys(record).sort(), ['email', 'sentAt'], 'only the address and the time are kept');
      assert.equal(record.email, email);
      assert.ok(!stored[0]!.includes(password), 'the password is never stored');

      await page.reload();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      assert.ok(await page.getByText(email, { exact: true }).isVisible(), 'the reloaded code form names the address');
      assert.ok(await page.getByRole('button', { name: /^Resend \(\d+s\)$/ }).isDisabled(), 'the countdown carries on');

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue(), email, 'the address is kept');
      assert.equal(await page.evaluate('sessionStorage.length'), 0, 'Back forgets the pending sign-up');
      await page.reload();
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('checks new passwords before sending them', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${url}/auth?mode=signup`);
      await fillSignUp(page, freshEmail(), 'abcdef', 'abcdeg');
      await page.getByRole('checkbox', { name: /I agree to the/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, "Passwords don't match", 'Please make sure both passwords are identical.');

      await fillSignUp(page, freshEmail(), 'abc');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Password too short', 'Password must be at least 6 characters.');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();

      // Forgot password needs an address.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectToast(page, 'Please Enter Email');
      await page.getByRole('button', { name: 'Back to Sign In' }).click();
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('resets a forgotten password from the mailed link', async () => {
    const { server, url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const email = freshEmail();
    try {
      await createAccount(server, email, password);
      await page.goto(`${url}/auth`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectToast(page, 'Reset Email Sent');
      await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

      const link = await readResetLink(server.dataDir, email);
      await page.goto(`${url}${link}`);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await shoot(page, 'auth-new-password-1280');
      const newPassword = 'brand-new-secret-9';
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await waitForPath(page, '/search');
      await expectToast(page, 'Password Updated');
      await page.getByText(`Signed in as ${email}`, { exact: true }).waitFor();

      // The link works once; the new password signs in.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await waitForPath(page, '/');
      await page.goto(`${url}${link}`);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('another-secret-1');
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('another-secret-1');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Update Failed');
      await page.goto(`${url}/auth`);
      await signIn(page, email, newPassword);
      await waitForPath(page, '/onboarding');
      assert.deepEqual(unexpectedErrors(errors), []);
    } finally {
      await close();
    }
  });

  void it('follows only same-origin redirects and sends signed-in visitors on', async () => {
    const { server, url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const email = freshEmail();
    try {
      // A signed-out visitor of a signed-in page is asked to sign in first.
      await page.goto(`${url}/settings?tab=privacy`);
      const authUrl = await waitForPath(page, '/auth');
      assert.equal(authUrl.searchParams.get('redirect'), '/settings?tab=privacy');

      // A full URL to another site keeps only its path and query.
      await createAccount(server, email, password);
      await page.goto(`${url}/auth?redirect=${encodeURIComponent('https://evil.example/settings?tab=1')}`);
      await signIn(page, email, password);
      const onboarding = await waitForPath(page, '/onboarding');
      assert.equal(onboarding.searchParams.get('redirect'), '/settings?tab=1');

      // Already signed in: /auth passes straight on to the target, or /search.
      await page.goto(`${url}/auth?redirect=${encodeURIComponent('/onboarding')}`);
      await waitForPath(page, '/onboarding');
      await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
      await page.goto(`${url}/auth?redirect=${encodeURIComponent('//evil.example/x')}`);
      await waitForPath(page, '/search');
      assert.equal(new URL(page.url()).host, new URL(url).host);
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('greets visitors arriving from an NFC location', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${url}/auth?redirect=${encodeURIComponent('/nfc/library-2f')}`);
      await expectToast(page, 'Join from NFC Location');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('pulls the sheet down on a phone to show the demo, and back up', async () => {
    const { url, browser } = env();
    const { page, errors, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      await page.goto(`${url}/auth`);
      const productName = await productNameOf(page);
      await page.getByRole('heading', { name: `Sign in to ${productName}` }).waitFor();
      const sheet = page.getByTestId('auth-sheet');
      const top = async () => (await sheet.boundingBox())?.y ?? Number.NaN;
      const settledTop = async () => {
        let last = await top();
        return poll(async () => {
          await sleep(150);
          const now = await top();
          const settled = Math.abs(now - last) < 0.5 ? now : null;
          last = now;
          return settled;
        }, 'the sheet settles');
      };
      const openTop = await settledTop();

      // A drag that starts below the pull zone is not a pull.
      await drag(page, 195, openTop + 320, openTop + 500);
      assert.equal(await sheet.getAttribute('data-pulled'), null, 'a drag from the middle of the form does not pull');

      // A short pull (under 25 px) springs back.
      await drag(page, 195, openTop + 20, openTop + 20 + 18);
      assert.equal(await sheet.getAttribute('data-pulled'), null, 'an 18 px pull does not lower the sheet');

      // Pulling down from the top of the sheet lowers it and shows the demo.
      await drag(page, 195, openTop + 20, openTop + 180);
      await poll(async () => ((await sheet.getAttribute('data-pulled')) !== null ? true : null), 'the sheet is lowered');
      const loweredTop = await settledTop();
      assert.ok(loweredTop > 844 - 120, `the lowered sheet only peeks (top at ${String(loweredTop)})`);
      await shoot(page, 'auth-sheet-pulled-390');

      // Pulling it back up returns to the form.
      await drag(page, 195, loweredTop + 20, loweredTop - 200);
      await poll(async () => ((await sheet.getAttribute('data-pulled')) === null ? true : null), 'the sheet is raised');
      assert.ok(Math.abs((await settledTop()) - openTop) < 1, 'the sheet is back where it was');

      // The bar's button does the same for those who do not drag.
      await page.getByRole('button', { name: 'How it works' }).click();
      await poll(async () => ((await sheet.getAttribute('data-pulled')) !== null ? true : null), 'the button lowers the sheet');
      await page.getByRole('button', { name: 'Back to form' }).click();
      await poll(async () => ((await sheet.getAttribute('data-pulled')) === null ? true : null), 'the button raises the sheet');
      assert.deepEqual(errors, []);
    } finally {
      await close();
    }
  });

  void it('loops the demo scenes, without typing for visitors who prefer reduced motion', async () => {
    const { url, browser } = env();
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page, errors, close } = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion });
      try {
        await page.clock.install();
        await page.goto(`${url}/auth`);
        const demo = page.locator('[data-scene]');
        await demo.waitFor();
        // From here on, time only moves when the test says so.
        await page.clock.pauseAt(((await page.evaluate('Date.now()')) as number) + 200);
        assert.equal(await demo.getAttribute('data-scene'), 'typing');
        const bubble = demo.locator('[data-typed]').first();
        const typed = await bubble.innerText();
        if (reducedMotion === 'reduce') assert.match(typed, /ramen\.$/, 'the sentence shows whole');
        else assert.doesNotMatch(typed, /ramen\.$/, 'the sentence is still being typed');

        const order = ['profile', 'search', 'analyzing', 'discover', 'matching', 'success', 'typing'];
        const durations = [3000, 4000, 3000, 2500, 4500, 2500, 2000];
        for (const [step, scene] of order.entries()) {
          await page.clock.runFor(durations[step]!);
          await poll(async () => ((await demo.getAttribute('data-scene')) === scene ? true : null), `scene ${scene}`, 3_000);
          if (reducedMotion === 'no-preference') await shoot(page, `auth-demo-${String(step + 2)}-${scene}-1280`);
          if (scene === 'discover') {
            for (const score of ['95%', '92%', '89%']) assert.ok(await demo.getByText(score, { exact: true }).count(), `a ${score} match`);
          }
          if (scene === 'success') assert.equal(await demo.getByText('Find your Target Friends!').count(), 1);
        }
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    }
  });
});
