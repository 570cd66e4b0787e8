import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * The layers of the code, read from the source itself: every `#shared/...`, `#functions/...` and `#infra/...`
 * specifier of a static import (one for its side effects included), an `export ... from` or a dynamic `import()`,
 * type-only imports included (a type
 * import still ties two modules together). Dependencies point one way: functions -> areas -> data access and
 * events -> the leaves.
 */
type Module = { path: string; imports: string[] };

const SPECIFIER = /(?:from\s+|import\s*\(\s*|^import\s+)'#((?:shared|functions|infra)\/[^']+)'/gm;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)));
}

const modules: Module[] = ['shared', 'functions', 'infra'].flatMap(sourcesUnder).map((path) => ({
  path,
  imports: [...readFileSync(join(REPO_ROOT, path), 'utf8').matchAll(SPECIFIER)].map((match) => match[1] ?? ''),
}));

/**
 * An area's settings fragment (`shared/<area>/settings.ts`) sits with its area but belongs to the configuration: the
 * configuration (`shared/config/env.ts`) reads every fragment at cold start, so a fragment is a leaf and imports only
 * what the configuration may.
 */
const SETTINGS_FRAGMENT = /^shared\/[a-z-]+(\/[a-z-]+)?\/settings\.ts$/;

/**
 * The console's rooms (shared/console/README.md): each a folder of its own, ranked above the console's common folder
 * and below the console's root, which assembles them (its route table and OpenAPI words).
 */
const CONSOLE_ROOMS = ['shared/console/identity', 'shared/console/approvals', 'shared/console/views'];
const CONSOLE_FOLDERS = ['shared/console/common', ...CONSOLE_ROOMS];

/**
 * `shared/banks/create-bank.ts` -> `shared/banks`, `shared/console/identity/sign-in.ts` -> `shared/console/identity`;
 * a file directly in shared/ is a folder of its own.
 */
const folderOf = (path: string) => {
  if (SETTINGS_FRAGMENT.test(path)) return 'shared/config';
  const parts = path.split('/');
  const room = parts.slice(0, 3).join('/');
  if (parts.length > 3 && CONSOLE_FOLDERS.includes(room)) return room;
  return parts.length > 2 ? parts.slice(0, 2).join('/') : path;
};

/** Edges from one console room into another: a room imports the console's common folder, never another room. */
const betweenRooms = (edges: readonly { from: string; to: string }[]) =>
  edges
    .filter(({ from, to }) => {
      const [a, b] = [folderOf(from), folderOf(to)];
      return a !== b && CONSOLE_ROOMS.includes(a) && CONSOLE_ROOMS.includes(b);
    })
    .map(({ from, to }) => `${from} -> ${to}`);

/**
 * The ranks of shared/: a folder may import its own rank or lower ones, never a higher one. Areas import one
 * another only along acyclic paths (checked below with the folder pairs and the module cycles).
 */
const RANKS: Record<string, number> = {
  'shared/clock.ts': 0,
  'shared/ids.ts': 0,
  'shared/request-scope.ts': 0,
  'shared/typescript-thread.ts': 0,
  'shared/errors.ts': 0,
  'shared/config': 0,
  'shared/money': 0,
  'shared/validation': 0,
  'shared/log.ts': 1,
  'shared/metrics.ts': 1,
  // Secrets: the port and its Secrets Manager adapter, read by the areas that hold a key (shared/secrets/README.md).
  'shared/secrets': 1,
  'shared/db': 2,
  'shared/routing': 3,
  'shared/events': 3,
  'shared/rails': 3,
  // Sanctions screening: the lists, the matcher and the holds the areas write; the reviewers' decisions sit above.
  'shared/screening': 3,
  'shared/deps.ts': 3,
  'shared/organizations': 4,
  'shared/customers': 4,
  'shared/wallets': 4,
  'shared/banks': 4,
  'shared/webhooks': 4,
  'shared/docs': 4,
  'shared/health': 4,
  // KYC providers decide customers' KYC through the customers' use cases.
  'shared/kyc': 5,
  // What withdrawals and deposits are built from: the ledger (the customers' and the organization's) and quotes,
  // then the transactions that move both and the organization's developer fees, then the payout rail.
  'shared/ledger': 5,
  'shared/quotes': 5,
  'shared/transactions': 6,
  'shared/developer-fees': 6,
  'shared/payouts': 7,
  // Money paid in by bank transfer: read from the payout rail's reports, credited like deposits.
  'shared/bank-credits': 7,
  // The Travel Rule data of the crypto legs (IVMS101, proofs of control): written by the deposits and the treasury.
  'shared/travel-rule': 7,
  'shared/withdrawals': 8,
  'shared/bank-transfer': 8,
  'shared/deposits': 8,
  // Custody moves what the deposits credited: the relayer's signer, the sweeper, the reconciliation.
  'shared/custody': 9,
  // Treasury sends draw on custody's relayer and its nonces, and complete the deposits they pay out.
  'shared/treasury': 9,
  // The console: what its rooms share, then the rooms (identity, approvals, views; none imports another), then its
  // root, which assembles the rooms' route rows and OpenAPI words.
  'shared/console/common': 9,
  'shared/console/identity': 10,
  'shared/console/approvals': 10,
  'shared/console/views': 10,
  // The organization's reviewers decide what the areas below hold (KYC, banks, virtual accounts) as console members.
  'shared/reviews': 10,
  // Screening review: the reviewers' decisions on the holds, with the console's roles; no room imports it.
  'shared/screening-review': 10,
  // The operator's payout desk: what waits on the bank, and payouts settled by hand (one proposes, another approves).
  'shared/payout-operations': 10,
  // The doctor: checks of a deployed environment through its services' clients (custody's KMS key among them).
  'shared/doctor': 10,
  // What waits on banks and people, measured: reads the payout desk's unanswered files and the queues' index entries.
  'shared/waiting': 10,
  'shared/console': 11,
  'shared/http': 12,
  'shared/routes.ts': 13,
  'shared/openapi': 14,
};

/**
 * The one way data access reaches into the areas: shared/db/keys.ts assembles each area's keys.ts, which imports
 * nothing but shared/db/table-keys.ts (itself importing nothing), so the assembly brings no area's code along.
 */
const AREA_KEYS = /^shared\/(?!db\/)[a-z-]+\/keys\.ts$/;
const KEYS_ASSEMBLY = 'shared/db/keys.ts';
const KEY_PARTS = 'shared/db/table-keys.ts';
const assemblesAreaKeys = ({ from, to }: { from: string; to: string }) => from === KEYS_ASSEMBLY && AREA_KEYS.test(to);

const sharedEdges = () =>
  modules
    .filter((module) => module.path.startsWith('shared/'))
    .flatMap((module) => module.imports.map((target) => ({ from: module.path, to: target })))
    .filter((edge) => !assemblesAreaKeys(edge));

describe('the layers', () => {
  it('knows the rank of every folder of shared/', () => {
    const folders = new Set(modules.filter((m) => m.path.startsWith('shared/')).map((m) => folderOf(m.path)));
    expect([...folders].filter((folder) => RANKS[folder] === undefined)).toEqual([]);
  });

  it('has no two folders of shared/ that import each other', () => {
    const pairs = new Set(sharedEdges().map(({ from, to }) => `${folderOf(from)} -> ${folderOf(to)}`));
    const mutual = [...pairs].filter((pair) => {
      const [a = '', b = ''] = pair.split(' -> ');
      return a !== b && pairs.has(`${b} -> ${a}`);
    });
    expect(mutual).toEqual([]);
  });

  it('never imports upwards: a folder of shared/ imports only its rank or lower', () => {
    const upwards = sharedEdges()
      .filter(({ from, to }) => (RANKS[folderOf(to)] ?? 0) > (RANKS[folderOf(from)] ?? 0))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upwards).toEqual([]);
  });

  it("keeps the console's rooms apart: each imports the console's common folder, never another room", () => {
    const rooms = new Set(modules.map((module) => folderOf(module.path)).filter((f) => CONSOLE_ROOMS.includes(f)));
    expect([...rooms].sort()).toEqual([...CONSOLE_ROOMS].sort());
    expect(betweenRooms(sharedEdges())).toEqual([]);
  });

  it('finds an import from one console room into another, and none into the common folder or within a room', () => {
    const planted = [
      { from: 'shared/console/approvals/sign-withdrawal.ts', to: 'shared/console/identity/start-registration.ts' },
      { from: 'shared/console/views/get-home.ts', to: 'shared/console/approvals/list-pending-withdrawals.ts' },
      { from: 'shared/console/approvals/sign-withdrawal.ts', to: 'shared/console/common/passkeys.ts' },
      { from: 'shared/console/views/get-home.ts', to: 'shared/console/views/transaction-rows.ts' },
      { from: 'shared/console/routes.ts', to: 'shared/console/views/view-routes.ts' },
    ];
    expect(betweenRooms(planted)).toEqual([
      'shared/console/approvals/sign-withdrawal.ts -> shared/console/identity/start-registration.ts',
      'shared/console/views/get-home.ts -> shared/console/approvals/list-pending-withdrawals.ts',
    ]);
    // The common folder importing a room imports upwards.
    expect(RANKS[folderOf('shared/console/identity/get-session.ts')]).toBeGreaterThan(
      RANKS[folderOf('shared/console/common/roles.ts')] ?? Number.POSITIVE_INFINITY,
    );
  });

  it('keeps shared/ free of functions/, infra/ and test/', () => {
    const outward = sharedEdges()
      .filter(({ to }) => !to.startsWith('shared/'))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(outward).toEqual([]);
  });

  it("keeps each area's keys.ts a leaf that shared/db/keys.ts assembles", () => {
    const areaKeys = modules.filter((module) => AREA_KEYS.test(module.path));
    const assembly = modules.find((module) => module.path === KEYS_ASSEMBLY);
    const parts = modules.find((module) => module.path === KEY_PARTS);

    expect(areaKeys.length).toBeGreaterThan(10);
    expect(areaKeys.flatMap((module) => module.imports.filter((target) => target !== KEY_PARTS))).toEqual([]);
    expect(parts?.imports).toEqual([]);
    expect(areaKeys.map((module) => module.path).filter((path) => !assembly?.imports.includes(path))).toEqual([]);
    expect(assembly?.imports.filter((target) => !AREA_KEYS.test(target) && target !== KEY_PARTS)).toEqual([]);
  });

  it('has no import circle among modules, infra/ included', () => {
    const graph = new Map(modules.map((module) => [module.path, module.imports]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (path: string, trail: string[]) => {
      if (state.get(path) === 'done') return;
      if (state.get(path) === 'open') {
        circles.push([...trail.slice(trail.indexOf(path)), path].join(' -> '));
        return;
      }
      state.set(path, 'open');
      for (const target of graph.get(path) ?? []) visit(target, [...trail, path]);
      state.set(path, 'done');
    };
    for (const path of graph.keys()) visit(path, []);
    expect(circles).toEqual([]);
  });

  it("lets only shared/openapi import the folders' OpenAPI prose, so no function's bundle carries it", () => {
    const prose = /\/openapi-prose(-[a-z-]+)?\.ts$/;
    const readers = modules
      .filter((module) => !module.path.startsWith('shared/openapi/') && !prose.test(module.path))
      .flatMap((module) =>
        module.imports.filter((target) => prose.test(target)).map((target) => `${module.path} -> ${target}`),
      );
    const proseFiles = modules.filter((module) => prose.test(module.path));

    expect(proseFiles.length).toBeGreaterThan(15);
    expect(readers).toEqual([]);
  });

  it('lets a handler import the rows of one area only, so its bundle carries only that area', () => {
    const tables = modules
      .filter((module) => module.path.startsWith('functions/api/') && !module.path.endsWith('not-found.ts'))
      .map((module) => ({
        path: module.path,
        tables: module.imports.filter((target) => target.endsWith('routes.ts')),
      }));
    // An area's rows, or one role's part of them (shared/console/approvals/approval-routes.ts), which its table spreads.
    const areaRows = /^shared\/[a-z-]+\/([a-z-]+\/)?([a-z-]+-)?routes\.ts$/;
    // The OpenAPI document describes every route: its handler alone reads the whole table.
    const wrong = tables.filter(
      ({ path, tables }) =>
        tables.filter((table) => areaRows.test(table)).length !== 1 ||
        (tables.includes('shared/routes.ts') && !path.endsWith('get-openapi-document.ts')),
    );
    expect(tables.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});

/**
 * Handlers that call no use case of their area: the documentation's pages, assets and OpenAPI document are rendered
 * from the route table (shared/docs, shared/openapi), and the health check answers without reading anything.
 */
const WITHOUT_USE_CASE: Record<string, string> = {
  'functions/api/docs/get-docs-asset.ts': 'serves a bundled documentation asset',
  'functions/api/docs/get-docs-page.ts': 'serves the documentation page',
  'functions/api/docs/get-openapi-document.ts': 'serves the OpenAPI document built from the route table',
  'functions/api/health/get-health.ts': 'answers without reading anything',
};

/**
 * Where the use case of `functions/api/<area>/<action>.ts` may be: `shared/<area>/<action>.ts`, or in one of the
 * area's rooms (`shared/console/identity/<action>.ts`).
 */
const useCasePaths = (handler: string): string[] => {
  const useCase = handler.replace(/^functions\/api\//, 'shared/');
  const [area, action] = [useCase.split('/').slice(0, 2).join('/'), useCase.split('/').at(-1)];
  const rooms = CONSOLE_ROOMS.filter((room) => room.startsWith(`${area}/`));
  return [useCase, ...rooms.map((room) => `${room}/${action}`)];
};
const callsItsUseCase = (module: Module) => useCasePaths(module.path).some((path) => module.imports.includes(path));

describe('handlers, use cases and areas', () => {
  const handlers = modules.filter(
    (module) => module.path.startsWith('functions/api/') && module.path !== 'functions/api/not-found.ts',
  );

  it('names a handler after the use case it calls: functions/api/<area>/<action>.ts imports shared/<area>/<action>.ts', () => {
    const unmatched = handlers
      .filter((module) => WITHOUT_USE_CASE[module.path] === undefined)
      .filter((module) => !callsItsUseCase(module))
      .map((module) => module.path);
    expect(handlers.length).toBeGreaterThan(40);
    expect(unmatched).toEqual([]);
  });

  it('names a background handler after the use case it calls: functions/events/<action>.ts imports shared/<area>/<action>.ts', () => {
    const background = modules.filter((module) => module.path.startsWith('functions/events/'));
    const action = (path: string) => path.split('/').at(-1);
    const unmatched = background
      .filter(
        (module) =>
          !module.imports.some((target) => /^shared\/[a-z-]+\//.test(target) && action(target) === action(module.path)),
      )
      .map((module) => module.path);
    expect(background.length).toBeGreaterThan(5);
    expect(unmatched).toEqual([]);
  });

  it("keeps use cases out of the route tables, so a function's bundle carries its own use case and no other", () => {
    // Every function of an area imports the area's rows: a use case imported there (say, for a refusal declared
    // in it) would travel into all of them with everything it imports. Refusals live in the areas' rules modules.
    const useCases = new Set(handlers.flatMap((module) => useCasePaths(module.path)));
    const rowModules = modules.filter((module) => /^shared\/([a-z-]+\/)?routes?\.ts$|-routes?\.ts$/.test(module.path));
    const pulled = rowModules.flatMap((module) =>
      module.imports.filter((target) => useCases.has(target)).map((target) => `${module.path} -> ${target}`),
    );
    expect(rowModules.length).toBeGreaterThan(10);
    expect(pulled).toEqual([]);
  });

  it('lists as calling no use case only handlers that exist and indeed call none', () => {
    const callers = handlers
      .filter((module) => WITHOUT_USE_CASE[module.path] !== undefined)
      .filter(callsItsUseCase)
      .map((module) => module.path);
    const missing = Object.keys(WITHOUT_USE_CASE).filter((path) => !handlers.some((module) => module.path === path));
    expect({ callers, missing }).toEqual({ callers: [], missing: [] });
  });

  it("keeps a route's handler in the folder of the area whose rows declare it, sandbox routes included", async () => {
    // The stacks follow: one nested stack per handler folder (test/infra/api-stack.test.ts).
    const areaRows = modules.filter((module) => /^shared\/[a-z-]+\/routes\.ts$/.test(module.path));
    const misplaced: string[] = [];
    for (const module of areaRows) {
      const area = module.path.split('/')[1];
      const { routes } = (await import(pathToFileURL(join(REPO_ROOT, module.path)).href)) as {
        routes: Record<string, { handler: string }>;
      };
      for (const [name, route] of Object.entries(routes)) {
        if (!route.handler.startsWith(`functions/api/${area}/`))
          misplaced.push(`${module.path} ${name}: ${route.handler}`);
      }
    }
    const folders = new Set(handlers.map((module) => module.path.split('/')[2]));
    const areas = new Set(areaRows.map((module) => module.path.split('/')[1]));
    expect(areaRows.length).toBeGreaterThan(10);
    expect(misplaced).toEqual([]);
    expect([...folders].filter((folder) => !areas.has(folder ?? ''))).toEqual([]);
  });
});

/**
 * Functions are what is limited (70 lines, Biome's noExcessiveLinesPerFunction; docs/decisions/0102). The file cap
 * only catches a file that should have become a folder.
 */
const MAX_FILE_LINES = 600;

describe('the size of a file', () => {
  it('stays at most 600 lines in every hand-written source and test file', () => {
    const generated = (path: string) => path.includes('/generated/');
    const long = ['shared', 'functions', 'infra', 'test']
      .flatMap(sourcesUnder)
      .filter((path) => !generated(path))
      .map((path) => ({ path, lines: readFileSync(join(REPO_ROOT, path), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
