// Accessibility checks for the browser tests: axe-core's WCAG 2.0/2.1/2.2 level A and AA rules.
import assert from 'node:assert/strict';

import { AxeBuilder } from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

import { waitForNetworkQuiet } from './network-quiet.js';

/** The axe-core tags checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line per violation and one indented line per element, e.g. for a failed assertion. */
export function formatViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => {
        const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : String(part))).join(' ');
        const why = node.failureSummary?.split('\n').slice(1).join(' ').trim();
        return `    - ${target}\n      ${clip(node.html.replace(/\s+/g, ' '))}${why ? `\n      ${clip(why, 240)}` : ''}`;
      });
      return `  ${violation.id} (${violation.impact ?? 'no impact'}, ${String(violation.nodes.length)} element(s)): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Polls a browser-side expression until it is truthy. (page.waitForFunction re-evaluates a string
 * with eval(), which the app's Content-Security-Policy forbids; page.evaluate is not affected.)
 */
export async function waitForExpression(page: Page, expression: string, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await page.waitForTimeout(50);
  }
}

/**
 * Waits until the page has settled: no requests for a moment, web fonts loaded and every entrance
 * animation or transition (finite, at most 2 s long) finished. Endless ones (a spinner, an ambient
 * drift) and long ones (a progress bar filling for several seconds) are left running.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await waitForNetworkQuiet(page);
  await waitForExpression(
    page,
    `document.fonts.status === 'loaded' &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || !(animation.effect?.getComputedTiming().endTime <= 2000))`,
    'the animations to finish',
  );
}

/** Runs axe-core on the page as it is and fails, listing each violation, when there is any. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const { violations } = results;
  if (violations.length === 0) return;
  assert.fail(`${label}: ${String(violations.length)} accessibility violation(s) at ${page.url()}\n${formatViolations(violations)}`);
}

/** Waits for the page to settle, then checks it: what another browser test calls for a page it opened. */
export async function expectAccessiblePage(page: Page, label: string): Promise<void> {
  await waitForSettled(page);
  await expectNoAxeViolations(page, label);
}
