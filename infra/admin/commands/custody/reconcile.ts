import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';

export const custodyReconcile = adminCommand({
  name: 'custody reconcile',
  usage: '<organizationId>',
  note: 'per chain: credited = swept + awaiting sweep',
  flags: {},
  run({ positionals }, { db, config }) {
    return reconcileCustody({ db: db(), clock: systemClock, config: config() }, oneId(positionals, 'organization id'));
  },
});
