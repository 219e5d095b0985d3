import { router } from '../trpc/init.js';
import { authRouter } from './auth/router.js';
import { healthRouter } from './health/router.js';
import { invitesRouter } from './invites/router.js';
import { sessionsRouter } from './sessions/router.js';
import { setupRouter } from './setup/router.js';

export const appRouter = router({
  health: healthRouter,
  setup: setupRouter,
  auth: authRouter,
  invites: invitesRouter,
  sessions: sessionsRouter,
});

export type AppRouter = typeof appRouter;
