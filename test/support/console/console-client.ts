import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '#shared/config/env.ts';
import { SoftAuthenticator } from '#test/support/console/soft-authenticator.ts';
import type { ApiResponse } from '#test/support/http/local-api.ts';

type Request = <T = unknown>(
  method: string,
  path: string,
  options?: { body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

/** The console's origin as the service is configured (`CONSOLE_ORIGIN`): the passkeys' origin and the CSRF check's. */
export const consoleOrigin = () => config().console.origin;

/** The headers a console page sends: its Origin and the anti-CSRF header. */
export const consoleHeaders = () => ({ origin: consoleOrigin(), 'x-console-request': '1' });

/**
 * A browser tab of the console: keeps the session cookie the service sets, sends the console's Origin and
 * anti-CSRF header, and holds its own passkey authenticator.
 */
export class ConsoleTab {
  cookie: string | undefined;
  readonly authenticator = new SoftAuthenticator(consoleOrigin());

  constructor(
    private readonly request: Request,
    private readonly serverOrigin: () => string,
  ) {}

  async call<T = unknown>(method: string, path: string, body?: unknown, options: { csrf?: boolean } = {}) {
    const headers: Record<string, string> = options.csrf === false ? {} : consoleHeaders();
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.request<T>(method, `${this.serverOrigin()}/api/console${path}`, {
      ...(body === undefined ? {} : { body }),
      headers,
    });
    const set = response.headers.get('set-cookie');
    if (set) {
      const [pair = ''] = set.split(';');
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    return response;
  }

  /** Invite link -> passkey -> member with a session. */
  async acceptInvite(token: string, name: string) {
    const start = await this.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      '/invites/registration',
      { token, name },
    );
    if (start.status !== 200) throw new Error(`registration options: ${JSON.stringify(start.body)}`);
    const response = this.authenticator.register(start.body.options);
    return this.call('POST', '/invites/accept', { token, name, challengeId: start.body.challengeId, response });
  }

  async signIn() {
    const start = await this.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      '/sign-in/options',
      {},
    );
    if (start.status !== 200) throw new Error(`sign-in options: ${JSON.stringify(start.body)}`);
    const response = this.authenticator.assert(start.body.options);
    return this.call('POST', '/sign-in', { challengeId: start.body.challengeId, response });
  }

  /** Start an approval, check what is shown, sign it with the passkey. */
  async approve(transactionId: string) {
    const start = await this.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      `/approvals/${transactionId}/options`,
      {},
    );
    if (start.status !== 200) return start;
    const response = this.authenticator.assert(start.body.options);
    return this.call('POST', `/approvals/${transactionId}/sign`, { challengeId: start.body.challengeId, response });
  }

  /** Start a batch's approval and sign it with the passkey: one signature for every payout it binds. */
  async approveBatch(batchId: string) {
    const start = await this.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      `/approval-batches/${batchId}/options`,
      {},
    );
    if (start.status !== 200) return start;
    const response = this.authenticator.assert(start.body.options);
    return this.call('POST', `/approval-batches/${batchId}/sign`, { challengeId: start.body.challengeId, response });
  }

  /** Confirm or reject a bank Verification of Payee held: start the decision, sign it with the passkey. */
  async decidePayee(bankId: string, decision: 'CONFIRM' | 'REJECT', reason?: string) {
    const start = await this.call<{ challengeId: string; options: Record<string, unknown> }>(
      'POST',
      `/payee-confirmations/${bankId}/options`,
      { decision, ...(reason ? { reason } : {}) },
    );
    if (start.status !== 200) return start;
    const response = this.authenticator.assert(start.body.options);
    return this.call('POST', `/payee-confirmations/${bankId}/sign`, { challengeId: start.body.challengeId, response });
  }
}

/** The token of the newest invite mailed to `email` (mail is written under `MAIL_DIR` in tests). */
export function mailedInviteToken(email: string): string {
  const dir = config().console.mailDir;
  if (!dir) throw new Error('MAIL_DIR is not set');
  const texts = readdirSync(dir)
    .sort()
    .reverse()
    .map((file) => readFileSync(join(dir, file), 'utf8'));
  const text = texts.find((candidate) => candidate.includes(`To: ${email}\n`));
  const token = text && /#\/invite\/([0-9A-Za-z]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no invite mailed to ${email}`);
  return token;
}

export const tokenOfInviteUrl = (url: string) => url.slice(url.lastIndexOf('/') + 1);
