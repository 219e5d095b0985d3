import { router } from '../../../trpc/init.js';
import { approveClaim } from './approve-claim.js';
import { cancelClaim } from './cancel-claim.js';
import { claim } from './claim.js';
import { list } from './list.js';
import { listClaims } from './list-claims.js';
import { rejectClaim } from './reject-claim.js';

export const openShiftsRouter = router({ list, listClaims, claim, approveClaim, rejectClaim, cancelClaim });
