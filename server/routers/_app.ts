import { router } from '../trpc/init.js';
import { accountRouter } from './account/router.js';
import { authRouter } from './auth/router.js';
import { calendarFeedRouter } from './calendar-feed/router.js';
import { employeesRouter } from './employees/router.js';
import { healthRouter } from './health/router.js';
import { invitesRouter } from './invites/router.js';
import { rotaRouter } from './rota/router.js';
import { passkeysRouter } from './passkeys/router.js';
import { sessionsRouter } from './sessions/router.js';
import { setupRouter } from './setup/router.js';
import { wardsRouter } from './wards/router.js';

export const appRouter = router({
  health: healthRouter,
  setup: setupRouter,
  auth: authRouter,
  account: accountRouter,
  employees: employeesRouter,
  wards: wardsRouter,
  invites: invitesRouter,
  sessions: sessionsRouter,
  rota: rotaRouter,
  calendarFeed: calendarFeedRouter,
  passkeys: passkeysRouter,
});

export type AppRouter = typeof appRouter;
