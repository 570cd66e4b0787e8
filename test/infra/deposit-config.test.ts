import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { deploymentEnvironment, parseDeploymentConfig } from '#infra/aws/config.ts';
import { parseConfig } from '#shared/config/env.ts';
import { TEST_DEPOSIT_XPUB } from '#test/support/wallets/test-keys.ts';

describe('deposit wallet configuration of the functions', () => {
  const environmentOf = (context: Record<string, unknown>) =>
    deploymentEnvironment(new Stack(new App(), 'DepositConfigProbe'), parseDeploymentConfig(context));

  it('takes DEPOSIT_XPUB and SUPPORTED_CHAINS from the CDK context', () => {
    expect(environmentOf({ depositXpub: TEST_DEPOSIT_XPUB, supportedChains: 'base,polygon' })).toMatchObject({
      DEPOSIT_XPUB: TEST_DEPOSIT_XPUB,
      SUPPORTED_CHAINS: 'base,polygon',
    });
  });

  it('passes the deposit detail accounts on as the JSON the service reads, and the service accepts it', () => {
    const receivingBanks = {
      EUR: { accountName: 'Acme Ltd', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', bankName: 'ABN AMRO' },
    };
    const issuer = { bic: 'SNDBGB2LXXX', sortCode: '040000', bankName: 'Issuer Ltd' };

    const environment = environmentOf({
      receivingBanks: JSON.stringify(receivingBanks),
      virtualAccountIssuer: JSON.stringify(issuer),
    });
    const service = parseConfig(environment);

    expect(JSON.parse(environment.VIRTUAL_ACCOUNT_ISSUER ?? '')).toEqual(issuer);
    expect(service.deposits.eurAccount).toMatchObject({ iban: 'NL91ABNA0417164300', bankCountry: 'NL' });
    expect(service.deposits.virtualAccountIssuer).toMatchObject({ bic: 'SNDBGB2LXXX', sortCode: '040000' });
    expect(() =>
      parseDeploymentConfig({ virtualAccountIssuer: '{"bic":"DEUTDEFF","sortCode":"1","bankName":"B"}' }),
    ).toThrow(/virtualAccountIssuer/);
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
});
