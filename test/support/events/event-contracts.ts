import { DynamoDBClient, paginateListTables } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import type { TestProject } from 'vitest/node';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { EVENT_DATA_SCHEMAS, EVENT_TYPES, type EventType } from '#shared/events/contracts.ts';

/**
 * Global setup of the integration tier, after `db/dynamodb-local.ts` (so its teardown runs first, while DynamoDB
 * Local still runs): when every file has run, the data of every event any of them wrote, in every table of the run
 * (files with tables of their own included), is parsed against its type's contract. A field the contract does not
 * name is a mismatch too: the OpenAPI document would not tell a client about it. Any mismatch fails the run.
 */
let endpoint: string | undefined;

export function setup(project: TestProject) {
  endpoint = project.getProvidedContext().dynamodbEndpoint;
}

export async function teardown() {
  if (!endpoint) return;
  const base = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const { checked, mismatches } = await checkStoredEvents(base);
    if (mismatches.length > 0) {
      fail(
        `${mismatches.length} of ${checked} stored events break their contract (shared/events/contracts.ts):\n` +
          mismatches.join('\n'),
      );
    }
  } catch (error) {
    fail(`The stored events could not be checked against their contracts: ${String(error)}`);
  } finally {
    base.destroy();
  }
}

/**
 * Vitest logs an error a teardown throws but still exits 0, and skips the teardowns after it (DynamoDB Local would
 * keep running): so the failure is reported and set as the exit code instead.
 */
function fail(message: string) {
  process.exitCode = 1;
  process.stderr.write(`\nFAIL event contracts: ${message}\n`);
}

const isEventType = (type: unknown): type is EventType => EVENT_TYPES.includes(type as EventType);

/** One line per stored event whose data its contract refuses or does not fully describe. */
export function contractMismatch(envelope: { event_id?: unknown; event_type?: unknown; data?: unknown }) {
  const where = `${String(envelope.event_id)} (${String(envelope.event_type)})`;
  if (!isEventType(envelope.event_type)) return `${where}: not an event type of the catalogue`;
  const parsed = EVENT_DATA_SCHEMAS[envelope.event_type].safeParse(envelope.data);
  if (!parsed.success) return `${where}: ${JSON.stringify(parsed.error.issues)} in ${JSON.stringify(envelope.data)}`;
  const undocumented = Object.keys(envelope.data ?? {}).filter((field) => !(field in parsed.data));
  if (undocumented.length > 0) return `${where}: fields not in the contract: ${undocumented.join(', ')}`;
  return undefined;
}

async function checkStoredEvents(base: DynamoDBClient) {
  const client = DynamoDBDocumentClient.from(base);
  let checked = 0;
  const mismatches: string[] = [];
  for await (const tables of paginateListTables({ client: base }, {})) {
    for (const table of tables.TableNames ?? []) {
      const events = paginateScan(
        { client },
        {
          TableName: table,
          FilterExpression: 'entity = :event',
          ExpressionAttributeValues: { ':event': 'EVENT' },
          ProjectionExpression: 'envelope',
        },
      );
      for await (const page of events) {
        for (const item of page.Items ?? []) {
          checked++;
          const mismatch = contractMismatch(item.envelope ?? {});
          if (mismatch) mismatches.push(`${table}: ${mismatch}`);
        }
      }
    }
  }
  return { checked, mismatches };
}
