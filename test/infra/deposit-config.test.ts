import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { deploymentEnvironment, parseDeploymentConfig } from '#infra/aws/config.ts';
import { TEST_DEPOSIT_XPUB } from '#test/fixtures/wallets.ts';

describe('deposit wallet configuration of the functions', () => {
  const environmentOf = (context: Record<string, unknown>) =>
    deploymentEnvironment(new Stack(new App(), 'DepositConfigProbe'), parseDeploymentConfig(context));

  it('takes DEPOSIT_XPUB and SUPPORTED_CHAINS from the CDK context', () => {
    expect(environmentOf({ depositXpub: TEST_DEPOSIT_XPUB, supportedChains: 'base,polygon' })).toMatchObject({
      DEPOSIT_XPUB: TEST_DEPOSIT_XPUB,
      SUPPORTED_CHAINS: 'base,polygon',
    });
  });

  it('leaves both out when not configured, so the code defaults apply', () => {
    const environment = environmentOf({});

    expect(environment).not.toHaveProperty('DEPOSIT_XPUB');
    expect(environment).not.toHaveProperty('SUPPORTED_CHAINS');
  });

  it('fails synth on an extended private key, an unknown chain, or two sources for the xpub', () => {
    const xprv =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

    expect(() => parseDeploymentConfig({ depositXpub: xprv })).toThrow(/depositXpub: must be an extended PUBLIC key/);
    expect(() => parseDeploymentConfig({ supportedChains: 'base,solana' })).toThrow(/supportedChains: /);
    expect(() =>
      parseDeploymentConfig({ depositXpub: TEST_DEPOSIT_XPUB, depositXpubParameter: '/payouts/dev/xpub' }),
    ).toThrow(/not both/);
  });

  it('passes the deposit-detail accounts as the JSON the functions read, without the derived country', () => {
    const eur = { accountName: 'Acme', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', bankName: 'ABN AMRO' };
    const environment = environmentOf({
      receivingBanks: JSON.stringify({ EUR: eur }),
      virtualAccountIssuer: { bic: 'SNDBGB2L', sortCode: '123456', bankName: 'Sandbox Bank' },
    });

    expect(JSON.parse(environment.DEPOSIT_EUR_ACCOUNT ?? '{}')).toEqual({
      ...eur,
      accountAddress: null,
      bankAddress: null,
    });
    expect(JSON.parse(environment.VIRTUAL_ACCOUNT_ISSUER ?? '{}')).toEqual({
      bic: 'SNDBGB2L',
      sortCode: '123456',
      bankName: 'Sandbox Bank',
      bankAddress: null,
    });
    expect(environment).not.toHaveProperty('DEPOSIT_USD_ACCOUNT');
  });
});
