import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { decorateEveryDb } from '#shared/db/client.ts';
import { addFaultLayer, parseFaults } from '#test/support/db/dynamodb-faults.ts';
import { TEST_DEPOSIT_XPUB } from '#test/support/wallets/test-keys.ts';

/**
 * Points every client the code under test builds at the run's DynamoDB Local, and refuses anything else:
 * integration tests must never touch a real table.
 */
const endpoint = inject('dynamodbEndpoint');
const { hostname } = new URL(endpoint);
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) {
  throw new Error(`Integration tests run only against a local DynamoDB endpoint, not ${endpoint}`);
}
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = inject('tableName');
process.env.AWS_REGION = 'eu-central-1';
process.env.AWS_ACCESS_KEY_ID = 'local';
process.env.AWS_SECRET_ACCESS_KEY = 'local';
process.env.DEPOSIT_XPUB = TEST_DEPOSIT_XPUB;
// Console invitations are written as files, never sent.
process.env.MAIL_DIR = join(tmpdir(), `payouts-test-mail-${process.pid}`);

// KYC documents go to the run's S3-compatible store (fauxqs), like under `npm start`.
process.env.S3_ENDPOINT = inject('documentStoreEndpoint');
process.env.KYC_DOCUMENTS_BUCKET = inject('documentsBucket');

// The bank channel's stand-in folder (outbox, inbox, processed, quarantine), one per test file.
process.env.BANK_CHANNEL_DIR ??= mkdtempSync(join(tmpdir(), 'payouts-bank-'));

// Storms of 50 concurrent requests through one key test idempotency and races, not the rate limits: those are
// tested with their own limits (test/integration/rate-limits.test.ts), so the default limits are lifted here.
process.env.RATE_LIMIT_KEY_PER_S ??= '100000';
process.env.RATE_LIMIT_ORGANIZATION_PER_S ??= '100000';

// DynamoDB's conflicts and throttling, which DynamoDB Local leaves out, for the projects that ask for them.
const faults = parseFaults(process.env.DYNAMODB_FAULTS);
if (faults) decorateEveryDb((client) => addFaultLayer(client, faults));
