import type { EntityManager } from '@mikro-orm/postgresql';
import type { TPutRotaSettingsRequest, TRotaSettings } from '../../../../shared/schemas/rota/settings.js';
import { Ward } from '../../../db/entities/ward.js';
import { WardRotaSettings } from '../../../db/entities/ward-rota-settings.js';
import { DEFAULT_WEIGHTS } from '../../../rota/problem.js';
import type { ServiceContext } from '../../service-context.js';
import { DEFAULT_ROTA_SETTINGS } from './read-rota-settings.js';

/** Replaces the ward's whole settings object; what the request leaves out takes its default (docs/rota.md §1). */
export async function replaceRotaSettings(
  em: EntityManager,
  input: TPutRotaSettingsRequest & { wardId: number },
  ctx: ServiceContext,
): Promise<TRotaSettings> {
  const settings: TRotaSettings = {
    weekendDays: input.weekendDays ?? DEFAULT_ROTA_SETTINGS.weekendDays,
    minRestHours: input.minRestHours ?? DEFAULT_ROTA_SETTINGS.minRestHours,
    weights: { ...DEFAULT_WEIGHTS, ...stripUndefined(input.weights ?? {}) },
    swapApproval: input.swapApproval ?? DEFAULT_ROTA_SETTINGS.swapApproval,
  };
  // One statement, so two concurrent first writes of a ward cannot both insert.
  await em.upsert(
    WardRotaSettings,
    { ward: em.getReference(Ward, input.wardId), ...settings, updatedAt: ctx.now },
    { onConflictFields: ['ward'], onConflictAction: 'merge' },
  );
  return settings;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
