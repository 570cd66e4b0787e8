import { requireBank } from '#shared/banks/bank-rules.ts';
import { holdRegisteredBank } from '#shared/banks/hold-bank-for-screening.ts';
import type { BankRecord } from '#shared/banks/records.ts';
import { parseBank } from '#shared/banks/repository.ts';
import { holdVerifiedCustomer } from '#shared/customers/hold-kyc-for-screening.ts';
import { type CustomerRecord, CustomerRecordSchema } from '#shared/customers/records.ts';
import { scanPage } from '#shared/db/background-scan.ts';
import type { Db } from '#shared/db/client.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { StoredItem } from '#shared/db/items.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { PageEnd } from '#shared/db/query.ts';
import type { Deps } from '#shared/deps.ts';
import { sha256Hex } from '#shared/ids.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { getHold } from '#shared/screening/hold-repository.ts';
import {
  bankHoldId,
  customerHoldId,
  type RescreenReport,
  type RescreenRun,
  RescreenRunSchema,
  type ScreeningHit,
} from '#shared/screening/records.ts';
import { screenName } from '#shared/screening/screen.ts';
import { screeningLists } from '#shared/screening/screening-lists.ts';

/** Items a page of the pass reads (before the filter keeps customers and banks). */
const PAGE_SIZE = 500;

/** The metric of the hits a re-screen finds (its alarm or dashboard in AWS). */
export const RESCREEN_HITS_METRIC = 'SanctionsRescreenHits';

/**
 * Every verified customer (verified and profile name) and every registered bank (`ACTIVE` or `PENDING`, its
 * beneficiary name) screened again against the lists in force, once per set of list versions: a run that finished
 * is not run again; one that stopped goes on from the page it reached. A new hit holds what it hits as at
 * registration or verification; what a reviewer cleared for the same entry and name stays cleared. One record that
 * fails is logged and counted, and the pass goes on. Each organization with new hits gets a report (its console's
 * count, `GET /api/console/screening/rescreens`); the run's totals are logged and counted as a metric.
 */
export async function rescreenAll(deps: Deps, options: { pageSize?: number } = {}): Promise<RescreenRun | undefined> {
  const lists = screeningLists(deps.config);
  await lists.current();
  const inForce = lists.lists();
  if (inForce.length === 0) return undefined;
  const versions = inForce
    .map(({ list, version }) => `${list}@${version}`)
    .sort()
    .join(',');
  const versionsId = sha256Hex(versions);
  const previous = await readItem(deps.db, keys.screeningRescreen(versionsId), (item) => RescreenRunSchema.parse(item));
  if (previous?.status === 'DONE') return previous;
  const run: RescreenRun = previous ?? {
    versions,
    status: 'RUNNING',
    cursor: null,
    screened: 0,
    newHits: 0,
    failed: 0,
    hitsByOrganization: {},
    startedAt: deps.clock.now().toISOString(),
    finishedAt: null,
  };
  let start: PageEnd | undefined = run.cursor ?? undefined;
  do {
    const page = await scanPage(deps.db, {
      filter: {
        expression: 'entity IN (:customer, :bank)',
        values: { ':customer': 'CUSTOMER', ':bank': 'BANK' },
      },
      limit: options.pageSize ?? PAGE_SIZE,
      start,
    });
    for (const item of page.items) await rescreenOne(deps, item, run);
    start = page.end;
    run.cursor = start ?? null;
    if (start) await saveRun(deps.db, versionsId, run);
  } while (start);
  run.status = 'DONE';
  run.finishedAt = deps.clock.now().toISOString();
  await reportToOrganizations(deps.db, versionsId, run);
  await saveRun(deps.db, versionsId, run);
  countMetric(RESCREEN_HITS_METRIC, {}, run.newHits);
  log.info('sanctions re-screen done', {
    versions,
    screened: run.screened,
    newHits: run.newHits,
    failed: run.failed,
  });
  return run;
}

async function rescreenOne(deps: Deps, item: StoredItem, run: RescreenRun) {
  try {
    const found = item.entity === 'CUSTOMER' ? await rescreenCustomer(deps, item) : await rescreenBank(deps, item);
    if (found === undefined) return;
    run.screened++;
    if (!found) return;
    run.newHits++;
    run.hitsByOrganization[found] = (run.hitsByOrganization[found] ?? 0) + 1;
  } catch (error) {
    run.failed++;
    log.error('sanctions re-screen: a record was not screened', {
      pk: String(item.pk),
      sk: String(item.sk),
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Undefined: not screened (not verified); false: no new hit; else the organization of the new hit. */
async function rescreenCustomer(deps: Deps, item: StoredItem): Promise<string | false | undefined> {
  const customer: CustomerRecord = CustomerRecordSchema.parse(item);
  if (customer.kycStatus !== 'APPROVED') return undefined;
  const holdId = customerHoldId(customer.customerId);
  for (const name of new Set([customer.verifiedName ?? customer.name, customer.name])) {
    const hit = await screenName(deps, name);
    if (!hit || (await decidedBefore(deps.db, customer.organizationId, holdId, name, hit))) continue;
    await holdVerifiedCustomer(deps, { customer, screened: name, hit, now: deps.clock.now() });
    return customer.organizationId;
  }
  return false;
}

async function rescreenBank(deps: Deps, item: StoredItem): Promise<string | false | undefined> {
  const listed: BankRecord = parseBank(item);
  if (listed.status === 'REJECTED') return undefined;
  const hit = await screenName(deps, listed.beneficiaryName);
  if (!hit) return false;
  const { organizationId, customerId, bankId } = listed;
  if (await decidedBefore(deps.db, organizationId, bankHoldId(bankId), listed.beneficiaryName, hit)) return false;
  const { bank, wallets } = await requireBank(deps.db, { organizationId, customerId, bankId });
  await holdRegisteredBank(deps, { bank, wallets, hit, now: deps.clock.now() });
  return organizationId;
}

/** Held already, or a reviewer's decision on this very name and entry: not a new hit. */
async function decidedBefore(db: Db, organizationId: string, holdId: string, screened: string, hit: ScreeningHit) {
  const hold = await getHold(db, organizationId, holdId);
  if (!hold) return false;
  if (hold.status === 'OPEN') return true;
  return hold.screened === screened && hold.hit.list === hit.list && hold.hit.entryId === hit.entryId;
}

function saveRun(db: Db, versionsId: string, run: RescreenRun) {
  return writeGuarded(db, [
    {
      role: 'rescreen',
      item: {
        Put: { TableName: db.tableName, Item: { ...keys.screeningRescreen(versionsId), entity: 'RESCREEN', ...run } },
      },
    },
  ]);
}

async function reportToOrganizations(db: Db, versionsId: string, run: RescreenRun) {
  for (const [organizationId, newHits] of Object.entries(run.hitsByOrganization)) {
    const report: RescreenReport = { versions: run.versions, newHits, finishedAt: run.finishedAt ?? '' };
    await writeGuarded(db, [
      {
        role: 'rescreenReport',
        item: {
          Put: {
            TableName: db.tableName,
            Item: { ...keys.screeningRescreenReport(organizationId, versionsId), entity: 'RESCREENREPORT', ...report },
          },
        },
      },
    ]);
  }
}
