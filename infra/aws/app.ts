import { buildApp } from '#infra/aws/build-app.ts';

// The CLI sets these from the current credentials and profile; without them the stacks stay
// environment-agnostic, so `cdk synth` works offline. Deployment settings come from context (cdk.json, -c).
const { app } = buildApp({
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  nag: true,
});
app.synth();
