import { ZPutRotaSettingsRequest, ZRotaSettings } from '../../../../shared/schemas/rota/settings.js';
import { replaceRotaSettings } from '../../../services/rota/settings/replace-rota-settings.js';
import { managerProcedure, withSelectedWard } from '../../../trpc/procedures.js';
import { callerContext } from '../service-context.js';

export const replace = managerProcedure
  .use(withSelectedWard)
  .meta({
    openapi: {
      method: 'PUT',
      path: '/api/rota/settings',
      tags: ['rota-settings'],
      summary: "Replace the selected ward's rota settings; missing keys take their defaults",
    },
  })
  .input(ZPutRotaSettingsRequest)
  .output(ZRotaSettings)
  .mutation(({ ctx, input }) => replaceRotaSettings(ctx.em, { ...input, wardId: ctx.ward.id }, callerContext(ctx)));
