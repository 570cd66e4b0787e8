import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';

type Wire = Record<string, AttributeValue>;
type Doc = Record<string, unknown>;

/**
 * `hang-transactions`: a transaction is applied and never answered; `freeze-at-transaction`: from the first
 * transaction on, nothing is applied or answered; `frozen`: nothing is answered.
 */
export type FakeMode = 'answer' | 'hang-transactions' | 'freeze-at-transaction' | 'frozen';

/** The calls that name one of `markers` (ids of one test's items): their own mode and their own count. */
export type FakeTenant = { markers: string[]; mode: FakeMode; calls: string[] };

/**
 * A tiny stand-in for DynamoDB's JSON protocol, for the real SDK client in fault tests: GetItem, BatchGetItem and
 * Query (always empty) answer from an in-memory map; TransactWriteItems applies its Puts and then, in `hang` mode,
 * never answers (a write that lands while its answer is lost: the outcome the caller cannot know). It counts
 * calls by operation. A tenant (`tenant()`) has a mode and a count of its own, so tests that each wait out a
 * database that stops answering can wait at the same time.
 */
export class FakeDynamoDb {
  private readonly items = new Map<string, Wire>();
  private readonly server: Server;
  private readonly held: ServerResponse[] = [];
  private readonly tenants: FakeTenant[] = [];
  readonly calls: string[] = [];
  mode: FakeMode = 'answer';
  endpoint = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  put(...docs: Doc[]): void {
    for (const doc of docs) this.items.set(keyOf(doc), marshall(doc, { removeUndefinedValues: true }));
  }

  get(key: { pk: string; sk: string }): Doc | undefined {
    const item = this.items.get(keyOf(key));
    return item ? unmarshall(item) : undefined;
  }

  /** Calls naming any of `markers` from now on: `mode`, counted in the tenant's `calls` only. */
  tenant(markers: string[], mode: FakeMode): FakeTenant {
    const tenant = { markers, mode, calls: [] };
    this.tenants.push(tenant);
    return tenant;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const text = Buffer.concat(chunks).toString('utf8');
    const input = JSON.parse(text || '{}');
    const owner: { mode: FakeMode; calls: string[] } =
      this.tenants.find((tenant) => tenant.markers.some((marker) => text.includes(marker))) ?? this;
    owner.calls.push(operation);
    if (owner.mode === 'freeze-at-transaction' && operation === 'TransactWriteItems') owner.mode = 'frozen';
    if (owner.mode === 'frozen') return void this.held.push(res);
    const answer = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
    };
    switch (operation) {
      case 'GetItem': {
        const item = this.items.get(keyOf(unmarshall(input.Key)));
        return answer(item ? { Item: item } : {});
      }
      case 'BatchGetItem': {
        const responses = Object.fromEntries(
          Object.entries(input.RequestItems as Record<string, { Keys: Wire[] }>).map(([table, { Keys }]) => [
            table,
            Keys.map((key) => this.items.get(keyOf(unmarshall(key)))).filter((item) => item !== undefined),
          ]),
        );
        return answer({ Responses: responses, UnprocessedKeys: {} });
      }
      case 'Query':
        return answer({ Items: [], Count: 0, ScannedCount: 0 });
      case 'TransactWriteItems': {
        for (const item of input.TransactItems as { Put?: { Item: Wire } }[]) {
          if (item.Put) this.items.set(keyOf(unmarshall(item.Put.Item)), item.Put.Item);
        }
        if (owner.mode === 'hang-transactions') return void this.held.push(res);
        return answer({});
      }
      default:
        return answer({});
    }
  }
}

const keyOf = (doc: { pk?: unknown; sk?: unknown }) => `${String(doc.pk)}\u0000${String(doc.sk)}`;
