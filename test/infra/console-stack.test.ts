import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { appWithoutBundling } from '#test/support/infra/app-without-bundling.ts';

const { consoleHosting, api } = appWithoutBundling();
const template = Template.fromStack(consoleHosting);

type Behavior = { PathPattern?: string; TargetOriginId: string; AllowedMethods?: string[]; CachePolicyId?: unknown };
type Origin = { Id: string; DomainName: unknown; S3OriginConfig?: unknown; OriginAccessControlId?: unknown };

function distribution() {
  const [resource, ...others] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  if (!resource || others.length) throw new Error('expected exactly one distribution');
  return resource.Properties.DistributionConfig as {
    Origins: Origin[];
    DefaultCacheBehavior: Behavior;
    CacheBehaviors: Behavior[];
  };
}

describe('console stack', () => {
  it('keeps the console bucket private: public access blocked, encrypted, TLS only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'console-bucket/' }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      }),
    });
  });

  it('lets only the distribution read the bucket, through origin access control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      }),
    });
    const s3Origin = distribution().Origins.find((origin) => origin.S3OriginConfig);

    expect(s3Origin?.OriginAccessControlId).toBeDefined();
    expect(distribution().DefaultCacheBehavior.TargetOriginId).toBe(s3Origin?.Id);
  });

  it('sends /api/* to the HTTP API, uncached, every method, cookies and query strings passed on', () => {
    const config = distribution();
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o) => o.Id === behavior?.TargetOriginId);

    expect(behavior?.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    );
    // The managed CachingDisabled and AllViewerExceptHostHeader policies.
    expect(behavior?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(behavior).toMatchObject({ OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac' });
    expect(JSON.stringify(origin?.DomainName)).toContain('execute-api');
    expect(JSON.stringify(origin?.DomainName)).toContain(consoleHosting.resolve(api.api.apiId).Ref ?? 'HttpApi');
  });

  it('sets the security headers on the console and the API responses', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.stringLikeRegexp("frame-ancestors 'none'"),
          }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
        }),
      }),
    });
    const config = distribution();

    expect(config.DefaultCacheBehavior).toMatchObject({ ResponseHeadersPolicyId: expect.anything() });
    expect(config.CacheBehaviors[0]).toMatchObject({ ResponseHeadersPolicyId: expect.anything() });
  });

  it('deploys the Vite build under console/ and outputs the console URL', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'console/',
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    template.hasOutput('ConsoleUrl', Match.anyValue());
  });
});
