import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { hashToken } from '#shared/console/common/console-rules.ts';
import { keys } from '#shared/db/keys.ts';
import type { LocalJson } from '#test/support/local-runtime.ts';

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

/** Moves the member's session past its idle deadline in the local table, as 30 idle minutes would. */
export async function expireSession(member: Member, local: LocalJson) {
  const cookie = (await member.context.cookies()).find((c) => c.name === 'console_session');
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: local.dynamodbEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
  try {
    await db.send(
      new UpdateCommand({
        TableName: local.tableName,
        Key: keys.session(hashToken(cookie?.value ?? '')),
        UpdateExpression: 'SET idleUntil = :past',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':past': '2000-01-01T00:00:00.000Z' },
      }),
    );
  } finally {
    db.destroy();
  }
}
