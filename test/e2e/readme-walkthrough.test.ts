import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#infra/local/ports.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { eventually } from '#test/support/webhooks/receiver.ts';

/**
 * The README's walkthrough, run as a reader runs it: its shell blocks, exactly as written, one after another in one
 * bash session (so the variables one step sets reach the next), and its receiver saved under the name the README
 * gives it. The only substitutions are the placeholders its set-up block defines: the base URL, the API key and the
 * receiver's port (a free one, since 4000 may be taken here).
 */
const ARTIFACTS = join(REPO_ROOT, 'test/e2e/artifacts');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PLACEHOLDERS = {
  baseUrl: 'http://localhost:3000',
  apiKey: 'export KEY=sk_sandbox_...',
  receiverPort: 'export RECEIVER_PORT=4000',
};

type Block = { lang: 'sh' | 'js'; code: string };

function walkthroughBlocks(): Block[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /<!-- walkthrough -->([\s\S]*?)<!-- \/walkthrough -->/.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no walkthrough section between its markers');
  return [...section.matchAll(/```(sh|js)\n([\s\S]*?)```/g)].map((match) => ({
    lang: match[1] as Block['lang'],
    code: match[2] ?? '',
  }));
}

/** Replaces a placeholder that must appear exactly once, so a README that drops or repeats one fails here. */
function substitute(code: string, placeholder: string, value: string): string {
  const count = code.split(placeholder).length - 1;
  if (count !== 1) throw new Error(`The walkthrough's set-up block has ${count} × "${placeholder}", expected 1`);
  return code.replace(placeholder, value);
}

type StepResult = { status: number; stdout: string; stderr: string };

/** A step's own output lines: the background receiver's (`verified ...`, `refused ...`) may come in between. */
const printed = (stdout: string) => stdout.split('\n').filter((line) => line && !/^(verified|refused) /.test(line));

/** One bash process, fed block after block; the receiver it starts in the background writes to the same output. */
function startShell(cwd: string) {
  const shell: ChildProcessWithoutNullStreams = spawn('bash', [], {
    cwd,
    // A reader's shell: none of the test runner's variables (a stray KEY or API must not help the README).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  shell.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  shell.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  let steps = 0;
  return {
    /** Everything printed so far, the receiver's lines included. */
    output: () => stdout,
    async run(code: string, timeoutMs = 60_000): Promise<StepResult> {
      steps += 1;
      const marker = `@@step-${steps}-done:`;
      const [outFrom, errFrom] = [stdout.length, stderr.length];
      shell.stdin.write(`${code}\necho "${marker}$?"\n`);
      const status = await eventually(
        `the walkthrough's step ${steps} to finish`,
        () => new RegExp(`${marker}(\\d+)`).exec(stdout)?.[1],
        timeoutMs,
      );
      const out = stdout.slice(outFrom).replace(new RegExp(`${marker}\\d+\\n?`), '');
      return { status: Number(status), stdout: out, stderr: stderr.slice(errFrom) };
    },
    /** The value of a shell variable a step set (the test asks; the README's commands are not changed for it). */
    async variable(name: string): Promise<string> {
      const { stdout: out } = await this.run(`printf '@@%s@@\\n' "$${name}"`);
      return /@@(.*)@@/.exec(out)?.[1] ?? '';
    },
    /** Kills the shell's process group: the shell and anything it left running. */
    kill() {
      try {
        process.kill(-(shell.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}

describe("the README's walkthrough, run as written against npm start", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-readme-'));
  const blocks = walkthroughBlocks();
  const shellBlocks = blocks.filter((block) => block.lang === 'sh');
  let workDir: string;
  let runtime: Runtime;
  let key: string;
  let receiverPort: number;
  let shell: ReturnType<typeof startShell>;
  let next = 0;

  /** The next shell block of the README, which must be the step the test expects there. */
  async function runStep(expected: RegExp, timeoutMs?: number) {
    const block = shellBlocks[next];
    next += 1;
    expect(block?.code, `walkthrough shell block ${next}`).toMatch(expected);
    const code = next === 1 ? setUp(block?.code ?? '') : (block?.code ?? '');
    const result = await shell.run(code, timeoutMs);
    expect(
      result.status,
      `walkthrough shell block ${next} exited ${result.status}:\n${code}\n${result.stdout}\n${result.stderr}`,
    ).toBe(0);
    return result;
  }

  const setUp = (code: string) =>
    [
      [PLACEHOLDERS.baseUrl, runtime.baseUrl],
      [PLACEHOLDERS.apiKey, `export KEY=${key}`],
      [PLACEHOLDERS.receiverPort, `export RECEIVER_PORT=${receiverPort}`],
    ].reduce((substituted, [placeholder = '', value = '']) => substitute(substituted, placeholder, value), code);

  const api = <T>(path: string) => runtime.api<T>('GET', path, { key });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // Inside the repository, as the README says, so the receiver's `standardwebhooks` import resolves.
    workDir = mkdtempSync(join(ARTIFACTS, 'readme-walkthrough-'));
    runtime = await startRuntime(dataDir);
    key = runtime.localJson().apiKey;
    receiverPort = await freePort();
    shell = startShell(workDir);
  });

  afterAll(async () => {
    shell?.kill();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('has a set-up block, a receiver and the steps in order', () => {
    expect(blocks.filter((block) => block.lang === 'js')).toHaveLength(1);
    expect(shellBlocks).toHaveLength(10);
  });

  it('0. sets up the variables and the field helper', async () => {
    await runStep(/export API=/);

    expect(await shell.variable('API')).toBe(`${runtime.baseUrl}/api/v2`);
    expect(await shell.variable('KEY')).toBe(key);
  });

  it('1. creates a webhook endpoint on a loopback receiver and starts the receiver, which refuses a forged delivery', async () => {
    await runStep(/webhooks\/endpoints/);
    const secret = await shell.variable('WEBHOOK_SECRET');
    const receiver = blocks.find((block) => block.lang === 'js')?.code ?? '';
    const fileName = /^\/\/ (\S+\.mjs):/.exec(receiver)?.[1];
    expect(fileName, 'the receiver names its file in its first line').toBe('receiver.mjs');
    writeFileSync(join(workDir, fileName ?? ''), receiver);
    await runStep(/node receiver\.mjs &/);
    const forged = await eventually('the receiver to listen', () =>
      fetch(`http://127.0.0.1:${receiverPort}/webhooks`, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,Zm9yZ2VkIHNpZ25hdHVyZSBvZiAzMiBieXRlcyEhISE=',
        },
        body: '{"event_type":"withdrawal.status_changed"}',
      }).then(
        (response) => response,
        () => undefined,
      ),
    );

    expect(secret).toMatch(/^whsec_/);
    expect((await api<{ url: string }[]>('/webhooks/endpoints')).body).toEqual([
      expect.objectContaining({
        id: await shell.variable('ENDPOINT_ID'),
        url: `http://127.0.0.1:${receiverPort}/webhooks`,
        eventTypes: null,
      }),
    ]);
    expect(forged.status).toBe(400);
    await eventually('the receiver to report the forged delivery', () => shell.output().includes('refused'));
  });

  it('2. creates the customer', async () => {
    await runStep(/\/customers"/);
    const customerId = await shell.variable('CUSTOMER_ID');

    expect(customerId).toMatch(UUID);
    expect((await api(`/customers/${customerId}`)).body).toMatchObject({
      name: 'Ada Lovelace',
      kycStatus: 'NOT_STARTED',
    });
  });

  it('3. approves KYC in the sandbox with the verified name', async () => {
    const { stdout } = await runStep(/kyc\/approve/);
    const customerId = await shell.variable('CUSTOMER_ID');

    expect(printed(stdout)).toEqual(['APPROVED']);
    expect((await api(`/customers/${customerId}`)).body).toMatchObject({
      kycStatus: 'APPROVED',
      verifiedName: 'Ada Lovelace',
    });
  });

  it('4. adds an ACTIVE EUR bank in the verified name', async () => {
    await runStep(/withdrawal\/banks/);
    const customerId = await shell.variable('CUSTOMER_ID');
    const bankId = await shell.variable('BANK_ID');

    expect(bankId, 'the bank step kept no id: its answer was an error (a name mismatch is a 400)').toMatch(UUID);
    const { body: customer } = await api<{ verifiedName: string }>(`/customers/${customerId}`);
    const { body: bank } = await api<{ beneficiaryName: string; iban: string }>(
      `/customers/${customerId}/withdrawal/banks/${bankId}`,
    );
    expect(bank).toMatchObject({ status: 'ACTIVE', currency: 'EUR', beneficiaryName: customer.verifiedName });
    // The payee is not the sandbox bank's own payer account: a payout to it would read as a transfer to itself.
    expect(bank.iban).not.toBe(SANDBOX_DEBTORS.EUR.iban);
  });

  it('5. credits 250 USDC in the sandbox', async () => {
    const { stdout } = await runStep(/sandbox\/customers\/\$CUSTOMER_ID\/balance/);
    const customerId = await shell.variable('CUSTOMER_ID');

    expect(printed(stdout)).toEqual(['COMPLETED']);
    expect((await api(`/customers/${customerId}/balance`)).body).toMatchObject({
      balance: '250.00',
      availableBalance: '250.00',
    });
  });

  it('6. withdraws 100 USDC, which pays 91.08 EUR to the bank', async () => {
    await runStep(/\/withdrawal"/);
    const customerId = await shell.variable('CUSTOMER_ID');
    const bankId = await shell.variable('BANK_ID');
    const transactionId = await shell.variable('TRANSACTION_ID');

    expect(transactionId).toMatch(UUID);
    expect((await api(`/customers/${customerId}/transactions/${transactionId}`)).body).toMatchObject({
      type: 'WITHDRAWAL',
      sourceAmount: '100.00',
      fee: '1.00',
      targetAmount: '91.08',
      withdrawalBank: { id: bankId },
    });
  });

  it('7. sees the sandbox payout settle by itself: COMPLETED, 150.00 left', async () => {
    const { stdout } = await runStep(/sleep \d+/);

    expect(printed(stdout)).toEqual(['COMPLETED', '150.00']);
  });

  it('has the receiver verify every event of the flow with standardwebhooks, and each delivery succeed', async () => {
    const expected = [
      'customer.created',
      'customer.kyc.approved',
      'withdrawal_bank.created ACTIVE',
      'deposit.created COMPLETED',
      'withdrawal.created PROCESSING',
      'withdrawal.status_changed COMPLETED',
    ];
    const verified = () =>
      shell
        .output()
        .split('\n')
        .filter((line) => line.startsWith('verified '))
        .map((line) => line.slice('verified '.length).trim());
    await eventually('the receiver to verify every event', () => verified().length >= expected.length);
    const { body: endpoints } = await api<{ id: string }[]>('/webhooks/endpoints');
    const deliveries = await eventually('every delivery to be recorded as delivered', async () => {
      const { body } = await api<{ status: string }[]>(`/webhooks/endpoints/${endpoints[0]?.id}/deliveries`);
      return body.length === expected.length && body.every((delivery) => delivery.status === 'DELIVERED') && body;
    });

    expect(verified().sort()).toEqual([...expected].sort());
    expect(deliveries).toEqual(expected.map(() => expect.objectContaining({ lastResponseStatus: 204, attempts: 1 })));
  });

  it('stops the receiver and deletes its endpoint, so no later event is sent to it', async () => {
    const { stdout } = await runStep(/kill \$RECEIVER_PID/);

    expect(next).toBe(shellBlocks.length);
    expect(printed(stdout)).toEqual(['true']);
    expect((await api('/webhooks/endpoints')).body).toEqual([]);
    await eventually('the receiver to stop listening', () =>
      fetch(`http://127.0.0.1:${receiverPort}/webhooks`, { method: 'POST' }).then(
        () => false,
        () => true,
      ),
    );
  });
});
