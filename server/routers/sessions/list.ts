import { ZSessionListResponse } from '../../../shared/schemas/sessions.js';
import { listSessions } from '../../services/sessions/list-sessions.js';
import { authedProcedure } from '../../trpc/procedures.js';
import { serviceContext } from '../../trpc/service-context.js';

export const list = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/api/account/sessions', tags: ['sessions'], summary: "The caller's live sessions, newest first" } })
  .output(ZSessionListResponse)
  .query(async ({ ctx }) => ({
    sessions: await listSessions(ctx.em, { currentSessionId: ctx.session.id }, serviceContext(ctx)),
  }));
