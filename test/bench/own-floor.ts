import type { BuildOptions, Metafile } from 'esbuild';
import { esbuildOptions } from '#infra/aws/bundling.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * A function's own floor: the floor handler (the DynamoDB client alone) plus every library below that the
 * function's bundle carries, each touched so that tree shaking keeps it, bundled like a function. The bundle's
 * metafile says which of them a function carries; only this list says which may raise a floor. A library not
 * listed counts against every function carrying it, which is what the 1.3× target is there to catch.
 *
 * Listed: the stack every function is built on (zod, middy, the document client over DynamoDB; without it the
 * own floor of most functions would be the floor, and 1.3× of it would leave the 1.45× median target nothing to
 * say), the libraries that speak an outside service or standard a function exists to talk to, and decimal.js,
 * the service's fixed money library, which only the functions that quote carry: withdrawals and their rates
 * (createWithdrawal, getRate, sandboxSetExchangeRates), the deposits forwarded to a bank at a rate
 * (sandboxDeposit, ChainWatcher). Every other function counts money in bigint micro-USDC (a deposit's developer
 * fee, the forwarding minimum) and carries none of it; one that picks it up again shows it in the own-floor
 * table's libraries, where it must be one of these. Not listed, on purpose: @noble/hashes: address checksums,
 * carried by a dozen functions (the wallets', the sandbox deposit, the chain watcher, custody, adding a bank,
 * the console's customer page), which parse, derive or show addresses. mnemonist: inside the floor already. xmllint-wasm only validates bank files in the
 * tests and is in no function. zod-to-openapi: in no function either; the OpenAPI document is built when its
 * function is bundled and ships beside its `index.mjs` as data (`openapi.json.gz`, about 46 KiB gzipped, 590 KiB
 * of JSON; infra/aws/bundling.ts), which the bundle sizes here leave out, as they leave out the Swagger
 * UI files copied beside the docs asset function.
 */
/** The floor: a handler that only creates the DynamoDB client. */
export const FLOOR_HANDLER = 'test/bench/floor-handler.ts';

type Library = {
  /** Where its code lies under node_modules: its presence in a bundle's inputs means the function carries it. */
  code: string;
  /** The import the own floor adds, and an expression using it. */
  imports: string;
  touch: string;
};

export const OWN_FLOOR_LIBRARIES = {
  // The stack: every input and setting is parsed by zod, every HTTP handler is a middy stack, every table access
  // goes through the document client. zod is touched as the least any use of it carries (the parser core and the
  // English messages, through the house's entry point): the validators a function picks are its own.
  zod: {
    code: 'zod/',
    imports: "import * as z from '#shared/validation/zod.ts';",
    touch: 'z.object({ id: z.string() })',
  },
  '@middy/core': { code: '@middy/core/', imports: "import middy from '@middy/core';", touch: 'middy' },
  '@aws-sdk/lib-dynamodb': {
    code: '@aws-sdk/lib-dynamodb/',
    imports: "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
    touch: '[DynamoDBDocumentClient.from(new DynamoDBClient({})), GetCommand]',
  },
  // AWS services besides DynamoDB: KYC documents and the bank channel's files, invitation mail, the chains'
  // RPC endpoints, the webhook queue, the event bus.
  'S3 client': {
    code: '@aws-sdk/client-s3/',
    imports: "import { S3Client } from '@aws-sdk/client-s3';",
    touch: 'new S3Client({})',
  },
  'SES client': {
    code: '@aws-sdk/client-sesv2/',
    imports: "import { SESv2Client } from '@aws-sdk/client-sesv2';",
    touch: 'new SESv2Client({})',
  },
  'SSM client': {
    code: '@aws-sdk/client-ssm/',
    imports: "import { SSMClient } from '@aws-sdk/client-ssm';",
    touch: 'new SSMClient({})',
  },
  'SQS client': {
    code: '@aws-sdk/client-sqs/',
    imports: "import { SQSClient } from '@aws-sdk/client-sqs';",
    touch: 'new SQSClient({})',
  },
  'EventBridge client': {
    code: '@aws-sdk/client-eventbridge/',
    imports: "import { EventBridgeClient } from '@aws-sdk/client-eventbridge';",
    touch: 'new EventBridgeClient({})',
  },
  // Standards: WebAuthn passkeys, ISO 20022 bank files read and written, IBANs,
  // secp256k1 signatures of the sandbox chain's transfers.
  '@simplewebauthn/server': {
    code: '@simplewebauthn/server/',
    imports:
      "import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';",
    touch:
      '[generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse]',
  },
  'XML parser': {
    code: 'fast-xml-parser/src/xmlparser/',
    imports: "import { XMLParser, XMLValidator } from 'fast-xml-parser';",
    touch: '[new XMLParser(), XMLValidator]',
  },
  'XML builder': {
    code: 'fast-xml-builder/',
    imports: "import { XMLBuilder } from 'fast-xml-parser';",
    touch: 'new XMLBuilder()',
  },
  // Every function validates the configured receiving accounts (their IBANs) at cold start: shared/config.
  ibantools: {
    code: 'ibantools/',
    imports: "import { composeIBAN, isValidIBAN } from 'ibantools/jsnext/ibantools.js';",
    touch: '[composeIBAN, isValidIBAN]',
  },
  // Money: the quote engine's exact decimal arithmetic (shared/quotes/quote.ts, rates.ts).
  'decimal.js': {
    code: 'decimal.js/',
    imports: "import { Decimal } from 'decimal.js';",
    touch: 'Decimal',
  },
  '@noble/curves': {
    code: '@noble/curves/',
    imports: "import { secp256k1 } from '@noble/curves/secp256k1.js';",
    touch: 'secp256k1',
  },
} as const satisfies Record<string, Library>;

export type OwnFloorLibrary = keyof typeof OWN_FLOOR_LIBRARIES;

const listed = Object.entries(OWN_FLOOR_LIBRARIES) as [OwnFloorLibrary, Library][];

/** The outputs's inputs of a one-entry bundle, by path relative to the repository. */
export function bundledInputs(metafile: Metafile): Record<string, { bytesInOutput: number }> {
  const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint);
  if (!output) throw new Error('the metafile has no entry output');
  return output.inputs;
}

/** The listed libraries a bundle carries, in the list's order. */
export function carriedLibraries(metafile: Metafile): OwnFloorLibrary[] {
  const inputs = Object.entries(bundledInputs(metafile)).filter(([, input]) => input.bytesInOutput > 0);
  return listed
    .filter(([, library]) => inputs.some(([file]) => file.includes(`node_modules/${library.code}`)))
    .map(([name]) => name);
}

/** The own floor of a function carrying `libraries`, bundled as the functions are (`index.mjs` in `outdir`). */
export function ownFloorBuild(libraries: readonly OwnFloorLibrary[], outdir: string): BuildOptions {
  const chosen = libraries.map((name) => OWN_FLOOR_LIBRARIES[name]);
  const contents = [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    `import { handler as floor } from './${FLOOR_HANDLER}';`,
    ...chosen.map((library) => library.imports),
    `const carried = [${chosen.map((library) => library.touch).join(', ')}];`,
    'export const handler = async () => ({ ...(await floor()), carried: carried.length });',
  ].join('\n');
  const { entryPoints: _floorEntry, ...options } = esbuildOptions(FLOOR_HANDLER, outdir);
  return {
    ...options,
    stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'own-floor.ts', loader: 'ts' },
  };
}

/** Where an input belongs: its package under node_modules, else its area of the repository (`shared/wallets`). */
function owner(file: string): string {
  const library = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  return library?.[1] ?? file.split('/').slice(0, 2).join('/');
}

/** What a function's bundle holds beyond its own floor's, by package or area, largest first. */
export function beyondFloor(function_: Metafile, floor: Metafile): { owner: string; bytes: number }[] {
  const floorInputs = bundledInputs(floor);
  const bytes = new Map<string, number>();
  for (const [file, input] of Object.entries(bundledInputs(function_))) {
    const extra = input.bytesInOutput - (floorInputs[file]?.bytesInOutput ?? 0);
    if (extra > 0) bytes.set(owner(file), (bytes.get(owner(file)) ?? 0) + extra);
  }
  return [...bytes].map(([name, size]) => ({ owner: name, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}
