import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { cdkBundling, NODE_OPTIONS } from '#infra/aws/bundling.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

export type PayoutsFunctionProps = {
  /** The entry file relative to the repository root, as in the route table. */
  handler: string;
  /** Besides NODE_OPTIONS; `TABLE_NAME` and `deploymentEnvironment(...)` for the functions that use the table. */
  environment: Record<string, string>;
  logRetention: RetentionDays;
  tracing?: boolean;
  description?: string;
  memorySize?: number;
  timeout?: Duration;
  /** Files of installed packages the function reads at run time (`route.access.packageFiles`). */
  packageFiles?: readonly string[];
};

/** Every function's memory unless it says otherwise (the benchmark prices GB-seconds with it). */
export const FUNCTION_MEMORY_MB = 512;

/**
 * One function of the service, API or background: the runtime, size and bundling every function shares, its own
 * log group with a retention, and its own role that starts with nothing but writing to that log group (no AWS
 * managed policy). Whatever else it may do is granted explicitly by the stack that creates it.
 */
export class PayoutsFunction extends NodejsFunction {
  /** The absolute path of the entry module: the same file the local runtime imports for the route. */
  readonly entry: string;

  constructor(scope: Construct, id: string, props: PayoutsFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      // Logs of a money service outlive a stack that is torn down; the retention still expires them.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs the ${id} function`,
    });
    logGroup.grantWrite(role);
    super(scope, id, {
      entry: path.join(REPO_ROOT, props.handler),
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? FUNCTION_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(10),
      description: props.description,
      environment: { ...props.environment, NODE_OPTIONS },
      role,
      logGroup,
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      bundling: cdkBundling(props.handler, props.packageFiles),
    });
    this.entry = path.join(REPO_ROOT, props.handler);
    if (props.tracing) {
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level ' +
          'permissions; test/infra/policies.test.ts fails on a "*" resource for any other action.',
      });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to Node.js 22 (an LTS release Lambda supports until 2027), the version the bundles target ' +
        '(NODE_TARGET) and are tested against; moving to 24 is one change of runtime and target together.',
    });
  }
}
