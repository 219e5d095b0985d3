import type { EntityManager } from '@mikro-orm/postgresql';
import type { TRotaSettings } from '../../../../shared/schemas/rota/settings.js';
import { WardRotaSettings } from '../../../db/entities/ward-rota-settings.js';
import { DEFAULT_WEIGHTS } from '../../../rota/problem.js';

/** docs/rota.md §1's defaults: a Friday weekend, no rest rule, INRC-II's weights, swaps approved by a manager. */
export const DEFAULT_ROTA_SETTINGS: TRotaSettings = { weekendDays: [5], minRestHours: 0, weights: DEFAULT_WEIGHTS, swapApproval: 'manager' };

/** The ward's rota settings, or the defaults while it has stored none. */
export async function readRotaSettings(em: EntityManager, input: { wardId: number }): Promise<TRotaSettings> {
  const stored = await em.findOne(WardRotaSettings, { ward: input.wardId });
  if (!stored) return { ...DEFAULT_ROTA_SETTINGS, weights: { ...DEFAULT_WEIGHTS } };
  // Weights added to the engine after the row was written take their defaults.
  return { weekendDays: stored.weekendDays, minRestHours: stored.minRestHours, weights: { ...DEFAULT_WEIGHTS, ...stored.weights }, swapApproval: stored.swapApproval };
}
