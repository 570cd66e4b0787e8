import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { bindingOf, sameBinding } from '#shared/console/common/console-rules.ts';
import { approvalChallenge } from '#shared/console/common/passkeys.ts';
import { may, mayInvite, PERMISSION_TABLE, ROLES } from '#shared/console/common/roles.ts';
import type { Deps } from '#shared/deps.ts';
import {
  CsrfRefusedError,
  clearedSessionCookie,
  consoleGate,
  sessionCookie,
  sessionTokenOf,
} from '#shared/http/session.ts';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';

const local = parseConfig({ CONSOLE_ORIGIN: 'http://localhost:3000' });
const hosted = parseConfig({ CONSOLE_ORIGIN: 'https://console.example.com' });
const TOKEN = 'a'.repeat(43);

const event = (headers: Record<string, string>, cookies?: string[]) =>
  ({
    headers,
    ...(cookies ? { cookies } : {}),
    requestContext: { http: { sourceIp: '203.0.113.9' } },
  }) as unknown as APIGatewayProxyEventV2;

describe('the permission table', () => {
  it('lets only owners change settings, owners, admins and approvers approve, viewers only read', () => {
    expect(ROLES.filter((role) => may(role, 'settings'))).toEqual(['owner']);
    expect(ROLES.filter((role) => may(role, 'approve'))).toEqual(['owner', 'admin', 'approver']);
    expect(PERMISSION_TABLE.viewer).toEqual(['read']);
    expect(ROLES.every((role) => may(role, 'read'))).toBe(true);
  });

  it('lets admins invite anyone but an owner, and approvers no one', () => {
    expect(mayInvite('owner', 'owner')).toBe(true);
    expect(mayInvite('admin', 'owner')).toBe(false);
    expect(mayInvite('admin', 'approver')).toBe(true);
    expect(mayInvite('approver', 'viewer')).toBe(false);
  });

  it('gives every console route of the route table a permission and no console route an API key', () => {
    const consoleRoutes = routeList.filter((route) => route.path.startsWith('/api/console/'));
    expect(consoleRoutes.length).toBeGreaterThan(0);
    for (const route of consoleRoutes) expect(route.console?.permission, route.operationId).toBeDefined();
    expect(routeList.filter((route) => route.console && !route.path.startsWith('/api/console/'))).toEqual([]);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Strict, Secure and __Host- only outside localhost', () => {
    expect(sessionCookie(local, TOKEN)).toBe(
      `console_session=${TOKEN}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`,
    );
    expect(sessionCookie(hosted, TOKEN)).toBe(
      `__Host-console_session=${TOKEN}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200; Secure`,
    );
    expect(clearedSessionCookie(local)).toContain('Max-Age=0');
  });

  it('is read from API Gateway cookies or the Cookie header, and only in its exact shape', () => {
    expect(sessionTokenOf(local, event({}, ['a=b', `console_session=${TOKEN}`]))).toBe(TOKEN);
    expect(sessionTokenOf(local, event({ Cookie: `console_session=${TOKEN}` }))).toBe(TOKEN);
    expect(sessionTokenOf(local, event({}, [`console_session=${TOKEN}x`]))).toBeUndefined();
    expect(sessionTokenOf(hosted, event({}, [`console_session=${TOKEN}`]))).toBeUndefined();
  });

  it('refuses an http console origin other than localhost', () => {
    expect(() => parseConfig({ CONSOLE_ORIGIN: 'http://console.example.com' })).toThrow(/CONSOLE_ORIGIN/);
  });
});

describe('the anti-CSRF check', () => {
  const deps = { config: local } as Deps;
  const change = { method: 'POST', console: { permission: 'public' } } as RouteDefinition;

  it('refuses a change without the console Origin and the X-Console-Request header, before any read', async () => {
    await expect(consoleGate(deps, change, event({}))).rejects.toBeInstanceOf(CsrfRefusedError);
    await expect(consoleGate(deps, change, event({ origin: 'http://localhost:3000' }))).rejects.toBeInstanceOf(
      CsrfRefusedError,
    );
    await expect(
      consoleGate(deps, change, event({ origin: 'https://evil.example', 'x-console-request': '1' })),
    ).rejects.toBeInstanceOf(CsrfRefusedError);
    await expect(
      consoleGate(deps, change, event({ Origin: 'http://localhost:3000', 'X-Console-Request': '1' })),
    ).resolves.toBeUndefined();
  });

  it('answers 401 without reading anything when a session route gets no cookie', async () => {
    const read = { method: 'GET', console: { permission: 'read' } } as RouteDefinition;
    await expect(consoleGate(deps, read, event({}))).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('the approval challenge', () => {
  const transaction = {
    transactionId: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c',
    targetAmount: '91.08',
    targetCurrency: 'EUR',
    walletAddress: null,
    withdrawalBank: {
      id: 'b',
      beneficiaryName: 'Ada Lovelace',
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      accountNumber: null,
      routingNumber: null,
    },
  } as unknown as TransactionRecord;
  const binding = bindingOf(transaction);

  it('binds the id, amount, currency, beneficiary and account: changing any one changes the challenge', () => {
    const nonce = 'n0nce';
    const challenge = approvalChallenge(binding, nonce);
    expect(approvalChallenge({ ...binding }, nonce)).toBe(challenge);
    for (const field of ['transactionId', 'amount', 'currency', 'beneficiary', 'account'] as const) {
      expect(approvalChallenge({ ...binding, [field]: `${binding[field]}x` }, nonce), field).not.toBe(challenge);
    }
    expect(approvalChallenge(binding, 'other')).not.toBe(challenge);
    expect(sameBinding(binding, { ...binding, amount: '91.09' })).toBe(false);
  });

  it('shows a US account as account and routing numbers', () => {
    const us = bindingOf({
      ...transaction,
      withdrawalBank: {
        ...transaction.withdrawalBank,
        iban: null,
        accountNumber: '123456789',
        routingNumber: '021000021',
      },
    } as TransactionRecord);
    expect(us.account).toBe('123456789 / 021000021');
  });
});
