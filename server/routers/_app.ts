import { router } from '../trpc/init.js';
import { accountRouter } from './account/router.js';
import { authRouter } from './auth/router.js';
import { employeesRouter } from './employees/router.js';
import { healthRouter } from './health/router.js';
import { setupRouter } from './setup/router.js';
import { wardsRouter } from './wards/router.js';

export const appRouter = router({
  health: healthRouter,
  setup: setupRouter,
  auth: authRouter,
  wards: wardsRouter,
  employees: employeesRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;
