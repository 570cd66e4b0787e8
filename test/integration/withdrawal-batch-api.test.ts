import { describe, expect, it } from 'vitest';
import type { WithdrawalBatchResponse } from '#shared/withdrawals/schemas.ts';
import { MAX_BATCH_WITHDRAWALS } from '#shared/withdrawals/schemas.ts';
import { BATCH_KEY_REUSED } from '#shared/withdrawals/withdrawal-rules.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('POST /withdrawals/batch through the API', () => {
  it('answers per item, takes the batch key from the header, replays it, and refuses its reuse and oversize', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const withdrawals = [
      { customerId: payee.customerId, withdrawalBankId: payee.bankId, idempotencyKey: 'api-0', sourceAmount: '10' },
      { customerId: MISSING, withdrawalBankId: payee.bankId, idempotencyKey: 'api-1', sourceAmount: '10' },
    ];
    const send = (body: Record<string, unknown>) =>
      request<WithdrawalBatchResponse>('POST', '/withdrawals/batch', {
        key: payee.key,
        body,
        headers: { 'Idempotency-Key': 'api-batch' },
      });

    const created = await send({ withdrawals });
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    expect(
      created.body.results.map(({ status, error, transaction }) => [status, error ?? transaction?.status]),
    ).toEqual([
      [201, 'PROCESSING'],
      [404, 'Customer not found'],
    ]);

    const again = await send({ withdrawals });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.batchId).toBe(created.body.batchId);

    const reused = await send({ withdrawals: withdrawals.slice(0, 1) });
    expect(reused).toMatchObject({ status: 422, body: { error: BATCH_KEY_REUSED.message } });

    const tooMany = Array.from({ length: MAX_BATCH_WITHDRAWALS + 1 }, (_, i) => ({
      ...withdrawals[0],
      idempotencyKey: `many-${i}`,
    }));
    const oversize = await send({ withdrawals: tooMany });
    expect(oversize.status).toBe(400);
    expect(JSON.stringify(oversize.body)).toContain(`At most ${MAX_BATCH_WITHDRAWALS} withdrawals per batch`);
  }, 120_000);
});
