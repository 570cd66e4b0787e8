import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import {
  AssetHashType,
  Aws,
  CfnOutput,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Token,
  Validations,
} from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { CONSOLE_ROOT, consoleSourceHash } from '#infra/console/build.ts';
import { CONSOLE_CSP } from '#infra/console/headers.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

export type ConsoleStackProps = StackProps & { api: HttpApi; stage: string };

/**
 * Paths the app answers itself: `/` and `/console` go to `/console/`; any path under `/console/` without a file
 * extension is the app's page (it routes in the fragment). An edge function rather than custom error responses,
 * which would also turn the API's own 403s and 404s into the page.
 */
const VIEWER_REQUEST = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/console') {
    return { statusCode: 308, statusDescription: 'Permanent Redirect', headers: { location: { value: '/console/' } } };
  }
  var last = uri.split('/').pop();
  if (uri.startsWith('/console/') && last.indexOf('.') === -1) request.uri = '/console/index.html';
  return request;
}`;

/**
 * The CDK's BucketDeployment runs one function (a stack singleton) at deployment time only, to copy the asset
 * into the bucket; its policy and runtime are the CDK's, named here finding by finding.
 */
function acknowledgeBucketDeployment(stack: Stack, deployment: BucketDeployment) {
  const singleton = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!singleton) throw new Error('the BucketDeployment function was not found');
  const copying = 'copies the Vite build from the CDK asset bucket into the console bucket at deployment time';
  const reasons: Record<string, string> = {
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
      'The CDK BucketDeployment function writes its own logs only, through the basic execution role.',
    'AwsSolutions-L1': 'The CDK BucketDeployment function runtime is chosen by aws-cdk-lib and moves on with it.',
  };
  for (const action of ['s3:Abort*', 's3:DeleteObject*', 's3:GetBucket*', 's3:GetObject*', 's3:List*']) {
    reasons[`AwsSolutions-IAM5[Action::${action}]`] = `The CDK BucketDeployment function (${action}) ${copying}.`;
  }
  reasons['AwsSolutions-IAM5[Resource::<ConsoleBucketA1BD9FF9.Arn>/*]'] =
    `The CDK BucketDeployment function writes every object of the console bucket: it ${copying}.`;
  // The CDK bootstrap's asset bucket, named as cdk-nag prints it: with the region (and account) when the CLI knows them.
  const known = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  const assets = `cdk-hnb659fds-assets-${known(stack.account, '<AWS::AccountId>')}-${known(stack.region, '<AWS::Region>')}`;
  reasons[`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assets}/*]`] =
    `The CDK BucketDeployment function reads the bootstrap asset bucket: it ${copying}.`;
  for (const [id, reason] of Object.entries(reasons)) Validations.of(singleton).acknowledge({ id, reason });
  return deployment;
}

/**
 * The console in AWS: the Vite build in a private bucket (encrypted, public access blocked, TLS only) read by
 * CloudFront through origin access control, and the HTTP API behind the same distribution at `/api/*`, so the
 * page and the API share one origin and the session cookie stays first-party (SameSite=Strict, no CORS).
 */
export class ConsoleStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: ConsoleStackProps) {
    super(scope, id, props);
    // Log delivery through a bucket policy for the site bucket; CloudFront's standard logs still need ACLs.
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    const logs = new Bucket(this, 'ConsoleLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(400) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'ConsoleBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'console-bucket/',
      // Only the build output, redeployed on every deployment: nothing in it is worth keeping.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.distribution = consoleDistribution(this, props, this.bucket, logs);
    acknowledgeBucketDeployment(this, deployConsoleFiles(this, this.bucket));

    new CfnOutput(this, 'ConsoleUrl', {
      value: `https://${this.distribution.distributionDomainName}/console/`,
      description: 'The console; set consoleOrigin (CONSOLE_ORIGIN) to its origin for passkeys and the CSRF check',
    });
  }
}

/** The headers of every answer, the page's and the API's: CSP, HSTS, no framing, no sniffing, no referrer. */
function consoleHeaders(stack: Stack) {
  return new ResponseHeadersPolicy(stack, 'ConsoleHeaders', {
    comment: 'Payout console: CSP, HSTS, no framing, no sniffing, no referrer',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONSOLE_CSP, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
  });
}

/** One distribution: the app from the bucket (its paths answered at the edge), the API at `/api/*`. */
function consoleDistribution(stack: Stack, props: ConsoleStackProps, bucket: Bucket, logs: Bucket) {
  const headers = consoleHeaders(stack);
  const paths = new CloudFrontFunction(stack, 'ConsolePaths', {
    code: FunctionCode.fromInline(VIEWER_REQUEST),
    runtime: FunctionRuntime.JS_2_0,
    comment: 'Console: / to /console/, app paths to index.html',
  });
  const api = new HttpOrigin(`${props.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
  });
  const distribution = new Distribution(stack, 'ConsoleDistribution', {
    comment: `Payout console and API, ${props.stage}`,
    defaultBehavior: {
      origin: S3BucketOrigin.withOriginAccessControl(bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: paths, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
    additionalBehaviors: {
      // Never cached; every viewer header but Host (the API's own domain answers), cookies and query strings go on.
      '/api/*': {
        origin: api,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: headers,
      },
    },
    enableLogging: true,
    logBucket: logs,
    logFilePrefix: 'distribution/',
  });
  Validations.of(distribution).acknowledge(
    {
      id: 'AwsSolutions-CFR1',
      reason:
        'Members of an organization sign in from wherever they work; passkeys and roles gate access, not geography.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'The API behind /api/* is throttled at its stage and sign-in is rate limited per address; a WAF is a deployment choice.',
    },
    {
      id: 'AwsSolutions-CFR4',
      reason:
        'The default *.cloudfront.net certificate cannot pin TLS 1.2; a custom domain with its own certificate does (README).',
    },
  );
  return distribution;
}

/** The Vite build, made at synth time, copied into the bucket under `console/` at every deployment. */
function deployConsoleFiles(stack: Stack, bucket: Bucket) {
  return new BucketDeployment(stack, 'ConsoleFiles', {
    sources: [
      Source.asset(CONSOLE_ROOT, {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: consoleSourceHash(),
        bundling: {
          // Never pulled: the local build below always succeeds or fails the synth.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
          local: {
            tryBundle(outputDir) {
              execFileSync(process.execPath, ['--import', 'tsx', join(CONSOLE_ROOT, 'build.ts'), outputDir], {
                cwd: REPO_ROOT,
                stdio: 'inherit',
              });
              return true;
            },
          },
        },
      }),
    ],
    destinationBucket: bucket,
    destinationKeyPrefix: 'console/',
    exclude: ['.*'],
    // Revalidated on every read (an ETag match costs a 304), so a new build shows at once without an invalidation,
    // whose CDK grant would be on every distribution ("*").
    cacheControl: [CacheControl.noCache()],
    memoryLimit: 512,
  });
}
