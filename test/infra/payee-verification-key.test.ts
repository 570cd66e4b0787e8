import { describe, expect, it } from 'vitest';
import { logicalIdOf, templateWithNestedStacks } from '#test/infra/templates.ts';
import { appWithoutBundling } from '#test/support/infra/app-without-bundling.ts';

/**
 * The Verification of Payee provider's key lives in Secrets Manager: the one function that asks the provider
 * (bank registration) may read exactly that secret, and no other function may read any.
 */
type Statement = { Action: string | string[]; Resource: unknown };

function secretGrants(context: Record<string, string>) {
  const { api } = appWithoutBundling(context);
  const template = templateWithNestedStacks(api);
  const byRole = new Map<string, Statement[]>();
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
    // The KYC providers' secret is the KYC functions' own (test/infra/policies.test.ts).
    const statements = (policy.Properties.PolicyDocument.Statement as Statement[]).filter(
      (statement) =>
        [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')) &&
        !JSON.stringify(statement.Resource).includes('/kyc-providers-'),
    );
    for (const role of policy.Properties.Roles as { Ref: string }[]) {
      if (statements.length) byRole.set(role.Ref, [...(byRole.get(role.Ref) ?? []), ...statements]);
    }
  }
  const bankRole = api.functions.get('createWithdrawalBank')?.role;
  if (!bankRole) throw new Error('no bank registration function');
  return { byRole, bankRoleId: logicalIdOf(bankRole) };
}

describe("the payee verification provider's key", () => {
  it('is readable by bank registration alone, and only that secret', () => {
    const { byRole, bankRoleId } = secretGrants({
      payeeVerificationUrl: 'https://vop.provider.example/v1/checks',
      payeeVerificationApiKeySecret: 'payouts/prod/vop-key',
    });
    expect([...byRole.keys()]).toEqual([bankRoleId]);
    const [grant] = byRole.get(bankRoleId) ?? [];
    expect(grant?.Action).toBe('secretsmanager:GetSecretValue');
    expect(JSON.stringify(grant?.Resource)).toContain(':secret:payouts/prod/vop-key-??????');
  });

  it('takes a full ARN as it is', () => {
    const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:vop-AbCdEf';
    const { byRole, bankRoleId } = secretGrants({ payeeVerificationApiKeySecret: arn });
    expect(byRole.get(bankRoleId)?.[0]?.Resource).toBe(arn);
  });

  it('is readable by no function while none is configured', () => {
    expect(secretGrants({}).byRole.size).toBe(0);
  });
});
