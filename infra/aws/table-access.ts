import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Access } from '#shared/db/access.ts';
import {
  INDEX_ACTIONS,
  KEY_USE_ACTIONS,
  KEY_USE_ATTRIBUTES,
  RATE_LIMIT_ACTIONS,
  SESSION_ACTIONS,
  tableActionsOf,
} from '#shared/db/access.ts';
import { API_KEY_KEY_PREFIX, RATE_LIMIT_KEY_PREFIX, SESSION_KEY_PREFIX } from '#shared/db/keys.ts';
import { TABLE } from '#shared/db/table.ts';

export const indexArn = (table: ITable, index: keyof typeof TABLE.indexes) =>
  `${table.tableArn}/index/${TABLE.indexes[index].name}`;

/**
 * The statements `access` stands for (none for `table: 'none'`): least privilege spelled out instead of
 * `grantReadData` / `grantReadWriteData`, which add Scan, the stream actions and every index. The actions of each
 * access level are defined in shared/db/access.ts, which the local runtime enforces too.
 */
export function tableStatements(table: ITable, access: Access): PolicyStatement[] {
  if (access.table === 'none') return [];
  const actions = tableActionsOf(access);
  const statements = [new PolicyStatement({ actions: [...actions], resources: [table.tableArn] })];
  if (access.table === 'read') {
    // The rate-limit counters, and nothing else a read-only function may write (shared/db/access.ts).
    statements.push(
      new PolicyStatement({
        actions: [...RATE_LIMIT_ACTIONS],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${RATE_LIMIT_KEY_PREFIX}*`] } },
      }),
    );
    // The `lastUsedAt` of the API keys it authenticates, and no other attribute (shared/http/key-use.ts).
    statements.push(
      new PolicyStatement({
        actions: [...KEY_USE_ACTIONS],
        resources: [table.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${API_KEY_KEY_PREFIX}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...KEY_USE_ATTRIBUTES] },
        },
      }),
    );
    if (access.sessions) {
      // The console sessions such a function authenticates (shared/db/access.ts), and nothing else.
      statements.push(
        new PolicyStatement({
          actions: [...SESSION_ACTIONS],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${SESSION_KEY_PREFIX}*`] } },
        }),
      );
    }
  }
  const indexes = access.indexes ?? [];
  if (indexes.length > 0) {
    statements.push(
      new PolicyStatement({ actions: [...INDEX_ACTIONS], resources: indexes.map((index) => indexArn(table, index)) }),
    );
  }
  return statements;
}

/** Grants `grantee` exactly what `access` says on the table. */
export function grantTableAccess(grantee: IGrantable, table: ITable, access: Access): void {
  for (const statement of tableStatements(table, access)) grantee.grantPrincipal.addToPrincipalPolicy(statement);
}
