import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A ward's count of changes to what scores its schedules besides their own cells and carry-in (docs/rota.md §7):
 * settings, shift types and forbidden successions, contracts, staff profiles, coverage, requests, holidays and the
 * staff's accounts. Raised by triggers on those tables (Migration20261127191000_rota_revision), so every path that
 * writes them, present or future, raises it; a cached score is keyed by it. A ward without a row is at 0.
 */
export const RotaRevision = defineEntity({
  name: 'RotaRevision',
  tableName: 'rota_revision',
  properties: {
    wardId: p.integer().primary().autoincrement(false),
    revision: p.integer(),
  },
});

export type IRotaRevision = InferEntity<typeof RotaRevision>;
