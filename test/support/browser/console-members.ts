import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accessibilityViolations } from '#test/support/browser/accessibility.ts';

/** Debian's Chromium, started headless with nothing that reaches the network on its own. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A member of an organization as the console sees them: a browser profile of their own. */
export type Member = { context: BrowserContext; page: Page };

/** A fresh browser profile with one virtual authenticator, the way a member's own device holds a passkey. */
export async function device(browser: Browser, baseURL: string): Promise<Member> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

/**
 * A screenshot into `folder` once the page has its data (every page shows "Loading…" until then), and the page's
 * accessibility check: axe-core's WCAG 2.x A/AA rules, of which no serious or critical one may fail.
 */
export async function screenshotAndCheck(member: Member, folder: string, name: string) {
  await member.page.getByText('Loading…').waitFor({ state: 'detached' });
  await member.page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
  const violations = await accessibilityViolations(member.page);
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Soft: every page is checked (and screenshotted) in one run; the test still fails on any.
  expect
    .soft(grave.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
    .toEqual([]);
}
