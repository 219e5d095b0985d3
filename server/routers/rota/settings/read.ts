import { ZRotaSettings } from '../../../../shared/schemas/rota/settings.js';
import { readRotaSettings } from '../../../services/rota/settings/read-rota-settings.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';

export const read = managerProcedure
  .use(withSelectedWard)
  .meta({ openapi: { method: 'GET', path: '/api/rota/settings', tags: ['rota-settings'], summary: "The selected ward's weekend, rest rule and soft-constraint weights" } })
  .output(ZRotaSettings)
  .query(({ ctx }) => readRotaSettings(ctx.em, { wardId: ctx.ward.id }));
