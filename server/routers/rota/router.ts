import { router } from '../../trpc/init.js';
import { schedulesRouter } from './schedules/router.js';
import { settingsRouter } from './settings/router.js';
import { shiftTypesRouter } from './shift-types/router.js';
import { solveRouter } from './solve/router.js';

/** The ward's rota (ROTA.md): each resource's router, wired here. */
export const rotaRouter = router({
  settings: settingsRouter,
  shiftTypes: shiftTypesRouter,
  schedules: schedulesRouter,
  solve: solveRouter,
});
