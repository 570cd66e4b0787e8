import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ApiFunction } from '#infra/aws/api-stack.ts';
import { depositAccountsEnvironment, depositWalletEnvironment } from '#infra/aws/build-app.ts';
import { TEST_DEPOSIT_XPUB } from '#test/fixtures/wallets.ts';

describe('deposit wallet configuration of the API functions', () => {
  it('takes DEPOSIT_XPUB and SUPPORTED_CHAINS from the CDK context', () => {
    const app = new App({ context: { depositXpub: TEST_DEPOSIT_XPUB, supportedChains: 'base,polygon' } });

    expect(depositWalletEnvironment(app)).toEqual({
      DEPOSIT_XPUB: TEST_DEPOSIT_XPUB,
      SUPPORTED_CHAINS: 'base,polygon',
    });
  });

  it('takes the deposit detail accounts from the CDK context, as JSON whether given as text or as an object', () => {
    const eur = { accountName: 'Acme', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', bankName: 'ABN AMRO' };
    const app = new App({ context: { depositEurAccount: eur, virtualAccountIssuer: '{"bic":"SNDBGB2L"}' } });

    expect(depositAccountsEnvironment(app)).toEqual({
      DEPOSIT_EUR_ACCOUNT: JSON.stringify(eur),
      VIRTUAL_ACCOUNT_ISSUER: '{"bic":"SNDBGB2L"}',
    });
  });

  it('adds the configuration to a function beside its table name', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'DepositConfigProbe');
    new ApiFunction(stack, 'CreateWithdrawalBank', {
      handler: 'functions/api/banks/create-bank.ts',
      tableName: 'payouts-test',
      environment: { DEPOSIT_XPUB: TEST_DEPOSIT_XPUB },
    });

    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          DEPOSIT_XPUB: TEST_DEPOSIT_XPUB,
          TABLE_NAME: 'payouts-test',
          NODE_OPTIONS: '--enable-source-maps',
        },
      },
    });
  });
});
