import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import {
  CONTEXT_KEYS,
  DeploymentConfigError,
  deploymentEnvironment,
  parseDeploymentConfig,
  passedOnTo,
} from '#infra/aws/config.ts';
import { parseConfig } from '#shared/config/env.ts';
import { FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

describe('deployment configuration from CDK context', () => {
  it('has defaults for everything, and leaves the optional settings out', () => {
    expect(parseDeploymentConfig({})).toEqual({
      stage: 'dev',
      throttleRateLimit: 100,
      throttleBurstLimit: 200,
      logRetentionDays: 90,
      logLevel: 'info',
      tracing: false,
      referenceRatesSource: 'ecb',
    });
  });

  it('reads every setting from the strings `-c key=value` gives', () => {
    expect(parseDeploymentConfig(FULL_CONTEXT)).toEqual({
      stage: 'prod',
      alarmEmail: 'oncall@example.com',
      throttleRateLimit: 40,
      throttleBurstLimit: 80,
      corsAllowOrigins: ['https://dashboard.example.com', 'https://admin.example.com'],
      logRetentionDays: 365,
      logLevel: 'warn',
      tracing: true,
      referenceRatesSource: 'ecb',
      depositXpubParameter: '/payouts/prod/deposit-xpub',
      exchangeRates: { EUR: '0.92', USD: '1.00' },
      withdrawalExpirySeconds: 86400,
      withdrawalMaxUsdc: '250000',
      sandboxSettleAfterSeconds: 'off',
      receivingBanks: { EUR: expect.objectContaining({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }) },
      depositForwarders: JSON.parse(FULL_CONTEXT.depositForwarders),
      sweepThresholdUsdc: '250',
      sepaInstantLimitEur: '5000',
    });
  });

  it('reads the same settings as JSON values from cdk.json', () => {
    const config = parseDeploymentConfig({
      throttleRateLimit: 10,
      tracing: false,
      corsAllowOrigins: ['https://app.example.com'],
      exchangeRates: { EUR: '0.9', USD: '1' },
      sandboxSettleAfterSeconds: 5,
      sepaInstantLimitEur: 25000,
    });

    expect(config).toMatchObject({
      throttleRateLimit: 10,
      tracing: false,
      corsAllowOrigins: ['https://app.example.com'],
      exchangeRates: { EUR: '0.9', USD: '1' },
      sandboxSettleAfterSeconds: 5,
      sepaInstantLimitEur: '25000',
    });
  });

  it('ignores context keys that are not its own (feature flags, CDK internals)', () => {
    expect(parseDeploymentConfig({ '@aws-cdk/core:target-partitions': ['aws'], stage: 'qa' }).stage).toBe('qa');
    expect(CONTEXT_KEYS).toContain('depositXpubParameter');
  });

  it.each([
    ['stage', 'Prod_1', /stage: /],
    ['logRetentionDays', '42', /logRetentionDays: Must be one of/],
    ['throttleRateLimit', '-5', /throttleRateLimit: /],
    ['tracing', 'yes', /tracing: /],
    ['alarmEmail', 'not-an-address', /alarmEmail: /],
    ['corsAllowOrigins', 'dashboard.example.com', /corsAllowOrigins\.0: /],
    ['withdrawalMaxUsdc', '1,00', /withdrawalMaxUsdc: Must be a decimal string/],
    ['exchangeRates', '{"EUR":"0.9"}', /exchangeRates\.USD: /],
    ['exchangeRates', '{"GBP":"1.1","EUR":"1","USD":"1"}', /exchangeRates: /],
    ['sandboxSettleAfterSeconds', 'soon', /sandboxSettleAfterSeconds: /],
    ['sepaInstantLimitEur', '1.234', /sepaInstantLimitEur: must be a decimal amount/],
    ['receivingBanks', '{"EUR":{"accountName":"A","bankName":"B","iban":"DE00370400440532013000"}}', /Invalid IBAN/],
    ['receivingBanks', '{"EUR":{"accountName":"A","bankName":"B","swift":"COBADEFF"}}', /Unrecognized key/],
  ])('refuses an invalid %s (%s), naming the key', (key, value, message) => {
    expect(() => parseDeploymentConfig({ [key]: value })).toThrow(DeploymentConfigError);
    expect(() => parseDeploymentConfig({ [key]: value })).toThrow(message);
  });

  it('checks receiving banks with the service own rules: a routing number with a bad ABA checksum fails synth', () => {
    const usd = {
      accountName: 'Payouts Inc',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      bic: 'CHASUS33XXX',
      bankName: 'JPMorgan Chase',
    };

    expect(parseDeploymentConfig({ receivingBanks: JSON.stringify({ USD: usd }) }).receivingBanks).toEqual({
      USD: usd,
    });
    expect(() =>
      parseDeploymentConfig({ receivingBanks: JSON.stringify({ USD: { ...usd, routingNumber: '021000022' } }) }),
    ).toThrow('Invalid CDK context: receivingBanks.USD.routingNumber: Invalid routing number');
  });

  it('refuses at synth a value the functions would refuse at cold start', () => {
    expect(() => parseDeploymentConfig({ withdrawalMaxUsdc: '1.1234567' })).toThrow(
      'Invalid CDK context: withdrawalMaxUsdc: must be a decimal amount',
    );
    expect(() =>
      parseDeploymentConfig({
        receivingBanks:
          '{"EUR":{"accountName":"A","bankName":"B","iban":"DE89370400440532013000","bic":"COBADEFFXXX"}}',
      }),
    ).not.toThrow();
  });

  it('names a problem once when the context rules and the variable rules both refuse the value', () => {
    expect(() => parseDeploymentConfig({ achPrenoteWaitDays: '11' })).toThrow(
      /^Invalid CDK context: achPrenoteWaitDays: Too big: expected number to be <=10$/,
    );
  });

  it('passes a setting on as its variable, which the functions read where its area files it', () => {
    const environment = deploymentEnvironment(
      new Stack(new App(), 'SettingsProbe'),
      parseDeploymentConfig({ achPrenoteWaitDays: '5' }),
    );

    expect(environment.ACH_PRENOTE_WAIT_DAYS).toBe('5');
    expect(parseConfig(environment).prenotes.waitDays).toBe(5);
  });

  it('gives a setting declared for one background function to its instances alone', () => {
    const config = parseDeploymentConfig({ sweepThresholdUsdc: '250' });

    expect(deploymentEnvironment(new Stack(new App(), 'SettingsProbe'), config)).not.toHaveProperty(
      'SWEEP_THRESHOLD_USDC',
    );
    expect(passedOnTo(config, 'ChainSweeper')).toEqual({ SWEEP_THRESHOLD_USDC: '250' });
  });

  it('takes the name of the xpub parameter, never a key itself', () => {
    const xprv =
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';

    expect(() => parseDeploymentConfig({ depositXpubParameter: xprv })).toThrow(/Must be an SSM parameter name/);
    expect(parseDeploymentConfig({ depositXpubParameter: '/payouts/dev/xpub' }).depositXpubParameter).toBe(
      '/payouts/dev/xpub',
    );
  });
});
