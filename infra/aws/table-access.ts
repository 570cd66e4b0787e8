import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { TABLE } from '#shared/db/table.ts';
import type { Access } from '#shared/http/route.ts';

/**
 * Least privilege on the table, spelled out instead of `grantReadData` / `grantReadWriteData` (those add Scan,
 * the stream actions and every index). Transactions have no IAM action of their own: each item of a
 * TransactWriteItems is authorized by its Put/Update/Delete/ConditionCheck action, TransactGetItems by GetItem.
 */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] as const;
/** On an index only Query is useful: its items are read, never written, through it. */
export const INDEX_ACTIONS = ['dynamodb:Query'] as const;

export const indexArn = (table: ITable, index: keyof typeof TABLE.indexes) =>
  `${table.tableArn}/index/${TABLE.indexes[index].name}`;

/** The statements `access` stands for (none for `table: 'none'`). */
export function tableStatements(table: ITable, access: Access): PolicyStatement[] {
  if (access.table === 'none') return [];
  const actions = access.table === 'readwrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS;
  const statements = [new PolicyStatement({ actions: [...actions], resources: [table.tableArn] })];
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
