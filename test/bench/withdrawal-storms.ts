/**
 * The withdrawal storms against a running `npm start`, as a user runs it (on disk, its own DATA_DIR):
 *
 *   node --import tsx test/bench/withdrawal-storms.ts <DATA_DIR> [rounds]
 *
 * Not part of the tests; docs/decisions/0101-create-decides-or-answers-503.md holds what it measured. Each round runs
 * three storms of 50 concurrent 10-USDC creates, each on payees of its own:
 * - `short`: one customer holding 100 USDC under a large allowance (10 PROCESSING, 40 PROPOSED by the contract);
 * - `funded`: one customer holding 1,000 USDC under a 1,000,000 allowance (50 PROCESSING);
 * - `fifty`: 50 customers holding 100 USDC each, one create each, under a 1,000,000 allowance (50 PROCESSING).
 * It prints, per storm, the answers tallied (status and withdrawal status or error), and the slowest answer.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: withdrawal-storms.ts <DATA_DIR> [rounds]');
const rounds = Number(process.argv[3] ?? '1');
const { apiUrl, apiKey } = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8')) as {
  apiUrl: string;
  apiKey: string;
};
const STORM = 50;

type Answer = { status: number; body: Record<string, unknown>; ms: number };

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${apiUrl.replace(/\/$/, '')}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, ms: performance.now() - started };
}

/** A set-up call: retried while the runtime is busy (429, 503), else it must answer `expected`. */
async function setup(method: string, path: string, body: unknown, expected: number): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await call(method, path, body);
    if (answer.status === expected) return answer;
    if ((answer.status !== 429 && answer.status !== 503) || attempt >= 20) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function givenPayee(name: string, balance: string) {
  const customer = await setup(
    'POST',
    '/customers',
    { name, accountType: 'individual', email: 'storm@example.com' },
    201,
  );
  const customerId = String(customer.body.customerId);
  await setup('POST', `/sandbox/customers/${customerId}/kyc/approve`, undefined, 200);
  const bank = await setup(
    'POST',
    `/customers/${customerId}/withdrawal/banks`,
    { beneficiaryName: name, iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
    201,
  );
  if (bank.body.status !== 'ACTIVE') throw new Error(`bank not ACTIVE: ${JSON.stringify(bank.body)}`);
  await setup('POST', `/sandbox/customers/${customerId}/balance`, { amount: balance }, 201);
  return { customerId, bankId: String(bank.body.id) };
}

const allowance = (limit: string) => setup('POST', '/sandbox/allowance', { limit, resetPeriodMinutes: 1440 }, 200);

const create = (payee: { customerId: string; bankId: string }) =>
  call('POST', `/customers/${payee.customerId}/withdrawal`, {
    withdrawalBankId: payee.bankId,
    sourceAmount: '10.00',
    idempotencyKey: randomUUID(),
  });

function tally(answers: Answer[]) {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const outcome = status === 201 ? `201 ${body.status}` : `${status} ${String(body.error).slice(0, 40)}`;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  return { counts, slowestMs: Math.round(slowest) };
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

for (let round = 1; round <= rounds; round++) {
  // The first round on a fresh DATA_DIR starts with no allowance period stored: its creates race to open it.
  if (round > 1) await allowance('1000000.00');
  const short = await givenPayee('Ada Short', '100.00');
  const funded = await givenPayee('Ada Funded', '1000.00');
  const fifty: { customerId: string; bankId: string }[] = [];
  for (let i = 0; i < STORM; i++) fifty.push(await givenPayee(`Ada Fifty ${i}`, '100.00'));

  const storms: [string, () => Promise<Answer>[]][] = [
    ['short', () => Array.from({ length: STORM }, () => create(short))],
    ['funded', () => Array.from({ length: STORM }, () => create(funded))],
    ['fifty', () => fifty.map(create)],
  ];
  for (const [name, storm] of storms) {
    if (name !== 'short') await allowance('1000000.00');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = load();
    const answers = await Promise.all(storm());
    console.log(JSON.stringify({ round, storm: name, load: before, ...tally(answers) }));
  }
}
