import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's WCAG 2.x A/AA check of a page, run inside the page. axe-core is injected as its own script rather than
 * through `@axe-core/playwright`, whose `engines` (Node >= 22.12) would make `npm ci` warn on the Node 20 this
 * project supports; what it adds over axe-core is this injection and the call below.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type Violation = { id: string; impact?: string | null; nodes: { target: string[] }[] };

export async function accessibilityViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, which the console's Content-Security-Policy (script-src 'self') does
  // not govern, unlike a script tag added to the page.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run((globalThis as unknown as { document: unknown }).document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: Violation[] };
    return result.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map((node) => ({ target: node.target.map(String) })),
    }));
  });
}

/**
 * A full-page screenshot once the page has its data (every console page shows "Loading…" until then), then its
 * serious and critical axe-core violations, each named with the page's `name` and where it is.
 */
export async function screenshotAndGraveViolations(page: Page, path: string, name: string): Promise<string[]> {
  await page.getByText('Loading…').waitFor({ state: 'detached' });
  await page.screenshot({ path, fullPage: true });
  const violations = await accessibilityViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
