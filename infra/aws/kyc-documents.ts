import { Aws, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { privateRecordsBucket } from '#infra/aws/private-bucket.ts';

/**
 * The bucket of uploaded KYC documents (`POST /customers/{id}/documents`), named per stage, account and region so
 * the API stack grants it without a cross-stack reference. Identity documents: private, encrypted, versioned (an
 * overwrite never loses one), TLS only, retained on stack deletion, with server access logs in a bucket of their own.
 */
export const kycDocumentsBucketName = (stage: string) => `payouts-${stage}-kyc-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/** The one prefix documents are written under (shared/rails/documents/document-store.ts). */
const DOCUMENTS_PREFIX = 'kyc-documents';

export function kycDocumentsBucket(parent: Construct, stage: string): Bucket {
  return privateRecordsBucket(parent, 'KycDocuments', {
    bucketName: kycDocumentsBucketName(stage),
    logPrefix: 'kyc-documents/',
  });
}

/** `s3:PutObject` under the documents prefix, nothing else: the upload function never reads a document back. */
export function grantDocumentUpload(fn: LambdaFunction, stage: string): void {
  grantDocuments(fn, stage, 's3:PutObject');
}

/**
 * `s3:GetObject` under the documents prefix, for the function that gives reviewers presigned links: a link reads
 * with the signer's permissions, and the function itself never fetches a document.
 */
export function grantDocumentRead(fn: LambdaFunction, stage: string): void {
  grantDocuments(fn, stage, 's3:GetObject');
}

function grantDocuments(fn: LambdaFunction, stage: string, action: string): void {
  const name = kycDocumentsBucketName(stage);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [action],
      resources: [`arn:${Aws.PARTITION}:s3:::${name}/${DOCUMENTS_PREFIX}/*`],
    }),
  );
  fn.addEnvironment('KYC_DOCUMENTS_BUCKET', name);
  if (fn.role) {
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::payouts-${stage}-kyc-<AWS::AccountId>-<AWS::Region>/${DOCUMENTS_PREFIX}/*]`,
      reason: `Documents are stored under keys chosen at upload (organization, customer, document id); the grant is ${action} under that prefix of the one bucket.`,
    });
  }
}
