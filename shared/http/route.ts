import type { z } from 'zod';
import type { IndexName } from '#shared/db/table.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Feature = 'customers' | 'apiWithdrawals';

/**
 * What a route's function may touch; the CDK stack turns this into its IAM policy (infra/aws/table-access.ts).
 * `read`: GetItem, BatchGetItem, Query and ConditionCheckItem on the table; `readwrite` adds PutItem, UpdateItem
 * and DeleteItem (transactions are authorized item by item, so these cover TransactWriteItems). Never Scan.
 */
export type Access = {
  table: 'none' | 'read' | 'readwrite';
  /** The secondary indexes the function queries: each adds Query on that index alone. */
  indexes?: readonly IndexName[];
};

export type RouteDefinition = {
  /** Unique, camelCase; the OpenAPI operationId and the CDK construct id come from it. */
  operationId: string;
  method: HttpMethod;
  /** API Gateway path template: `/api/v2/customers/{customerId}`. */
  path: string;
  /** The function's entry file, relative to the repository root: the Lambda entry and the local dispatch target. */
  handler: string;
  summary: string;
  tag: string;
  /** false only for the public routes (health, OpenAPI document). */
  auth: boolean;
  /** Organization features that must be on (403 otherwise). */
  features?: readonly Feature[];
  /** Sandbox organizations only (404 for others). */
  sandboxOnly?: boolean;
  successStatus: number;
  access: Access;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    /** Absent: the route takes no body and ignores one. */
    body?: z.ZodType;
  };
  /** Response bodies by status, for the OpenAPI document and contract tests. */
  responses?: Partial<Record<number, z.ZodType>>;
};

/** Keeps the literal types of a route so handlers get typed params, query and body. */
export const defineRoute = <const R extends RouteDefinition>(route: R): R => route;

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
export type ParamsOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['params']>;
export type QueryOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['query']>;
export type BodyOf<R extends RouteDefinition> = Out<NonNullable<R['request']>['body']>;
