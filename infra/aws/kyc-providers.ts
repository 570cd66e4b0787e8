import { Aws, CfnOutput, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * The KYC providers' credentials: one Secrets Manager secret per stage, named so the API stack grants it without a
 * cross-stack reference. Created empty (`{}`); the operator writes the providers' credentials into it
 * (`{"sumsub": {"appToken", "secretKey", "webhookSecret"}}`, from the provider's dashboard), and the functions read
 * it again within minutes (shared/kyc/credentials.ts). Retained on stack deletion.
 */
export const kycProviderSecretName = (stage: string) => `payouts-${stage}/kyc-providers`;

export function kycProviderSecret(parent: Construct, stage: string): Secret {
  const secret = new Secret(parent, 'KycProviderCredentials', {
    secretName: kycProviderSecretName(stage),
    description: "KYC providers' API and webhook credentials, as JSON by provider; written by the operator",
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(secret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason:
      "Credentials issued by the provider's dashboard (an app token pair and a webhook secret): rotated there by the " +
      'operator, who then writes the new values into the secret; no Lambda can rotate them.',
  });
  new CfnOutput(parent, 'KycProviderSecretName', {
    value: secret.secretName,
    description: 'Write the KYC providers\' credentials here: {"sumsub": {"appToken", "secretKey", "webhookSecret"}}',
  });
  return secret;
}

/** `secretsmanager:GetSecretValue` on that one secret (its name and Secrets Manager's random suffix), nothing else. */
export function grantKycProviderSecret(fn: LambdaFunction, stage: string): void {
  const name = kycProviderSecretName(stage);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [`arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${name}-??????`],
    }),
  );
  fn.addEnvironment('KYC_PROVIDER_SECRET_ID', name);
}
