// The public transparency report (issue 34), in the browser: a visitor follows the landing page's
// footer link to /transparency and reads this month's count of reports; the page speaks French
// and Chinese too. At 390 and 1280 px, axe at each step.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { expectAccessiblePage } from './axe.js';
import { viewports } from './cast.js';
import { openPage, screenshot, useServerAndBrowser } from './harness.js';
import { signUpWithBasicInfo } from './members.js';

void describe('the transparency report, in the browser', () => {
  const env = useServerAndBrowser();

  before(async () => {
    // One report this month: a member reports another (through the API, as the report dialog sends it).
    const { server, browser } = env();
    const reported = await openPage(browser);
    const reporter = await openPage(browser);
    try {
      await signUpWithBasicInfo(reported.page, server, 'e2e-transparency');
      const target = (await (await reported.page.request.get(`${server.url}/api/profile`)).json()) as { id: string };
      await signUpWithBasicInfo(reporter.page, server, 'e2e-transparency');
      const sent = await reporter.page.request.post(`${server.url}/api/reports`, { data: { profileId: target.id, reason: 'spam' } });
      assert.equal(sent.status(), 201, await sent.text());
    } finally {
      await reported.close();
      await reporter.close();
    }
  });

  for (const viewport of viewports) {
    void it(`a visitor finds it from the footer and reads this month's reports (${viewport.name})`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport });
      try {
        await page.goto(url);
        await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Transparency' }).click();
        await page.waitForURL(`${url}/transparency`);
        await page.getByRole('heading', { name: 'Transparency report', level: 1 }).waitFor();
        const thisMonth = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
        const month = page.getByRole('region', { name: thisMonth });
        await month.getByText('1 report received', { exact: true }).waitFor();
        await month.getByText('No action taken', { exact: true }).waitFor();
        assert.equal(await page.getByRole('heading', { level: 2 }).count(), 12, 'the last 12 months');
        await expectAccessiblePage(page, `transparency report at ${String(viewport.width)} px`);
        await screenshot(page, `transparency-${viewport.name}`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }

  for (const [language, locale, title, reports] of [
    ['fr', 'fr-CA', 'Rapport de transparence', '1 signalement reçu'],
    ['zh-Hans', 'zh-CN', '透明度报告', '收到 1 条举报'],
  ] as const) {
    void it(`speaks ${language}`, async () => {
      const { url, browser } = env();
      const { page, errors, close } = await openPage(browser, { viewport: viewports[0], locale });
      try {
        await page.goto(`${url}/transparency`);
        await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByText(reports, { exact: true }).waitFor();
        await expectAccessiblePage(page, `transparency report in ${language}`);
        await screenshot(page, `transparency-${language}`);
        assert.deepEqual(errors, []);
      } finally {
        await close();
      }
    });
  }
});
