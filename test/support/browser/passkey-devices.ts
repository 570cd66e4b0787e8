import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing running beside the page. */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

export type Member = { context: BrowserContext; page: Page };

/** A fresh browser profile with one virtual authenticator, the way a member's own device holds a passkey. */
export async function passkeyDevice(browser: Browser, baseURL: string): Promise<Member> {
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

/** The newest invite link mailed to `email` (npm start writes mail under DATA_DIR/mail). */
export function mailedInviteLink(mailDir: string, email: string): string {
  const mail = readdirSync(mailDir)
    .sort()
    .reverse()
    .map((file) => readFileSync(join(mailDir, file), 'utf8'))
    .find((text) => text.includes(`To: ${email}\n`));
  const link = mail && /http:\/\/localhost:\d+\/console\/#\/invite\/[0-9A-Za-z]{43}/.exec(mail)?.[0];
  if (!link) throw new Error(`no invite mailed to ${email}`);
  return link;
}

/** Joins from an invite link with a new passkey, as the invitee. */
export async function accept(member: Member, link: string, name: string) {
  await member.page.goto(link);
  await member.page.getByLabel('Your name').fill(name);
  await member.page.getByRole('button', { name: 'Create passkey and join' }).click();
  await member.page.getByRole('heading', { name: 'Approvals' }).waitFor();
}

/** Opens a page of the console afresh (a change of the fragment alone would keep what the page loaded). */
export async function open(member: Member, hash: string) {
  await member.page.goto(`/console/${hash}`);
  await member.page.reload();
}

/** A fetch from inside the page, as a script of the console's origin would send it. */
export const fetchFrom = (member: Member, path: string, headers: Record<string, string>, method = 'POST') =>
  member.page.evaluate(
    async ([path, headers, method]) =>
      (await fetch(path, { method, headers, credentials: 'same-origin', body: method === 'GET' ? null : '{}' })).status,
    [path, headers, method] as const,
  );
