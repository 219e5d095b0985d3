import { router } from '../../trpc/init.js';
import { contractsRouter } from './contracts/router.js';
import { coverageRouter } from './coverage/router.js';
import { holidaysRouter } from './holidays/router.js';
import { ledgerRouter } from './ledger/router.js';
import { requestsRouter } from './requests/router.js';
import { myShifts } from './my-shifts.js';
import { schedulesRouter } from './schedules/router.js';
import { settingsRouter } from './settings/router.js';
import { shiftTypesRouter } from './shift-types/router.js';
import { staffRouter } from './staff/router.js';
import { solveRouter } from './solve/router.js';
import { swapsRouter } from './swaps/router.js';
import { openShiftsRouter } from './open-shifts/router.js';

/** The ward's rota (docs/rota.md): each resource's router, wired here. */
export const rotaRouter = router({
  settings: settingsRouter,
  shiftTypes: shiftTypesRouter,
  contracts: contractsRouter,
  staff: staffRouter,
  coverage: coverageRouter,
  holidays: holidaysRouter,
  requests: requestsRouter,
  schedules: schedulesRouter,
  solve: solveRouter,
  swaps: swapsRouter,
  openShifts: openShiftsRouter,
  ledger: ledgerRouter,
  myShifts,
});
