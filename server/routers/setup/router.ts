import { router } from '../../trpc/init.js';
import { run } from './run.js';
import { status } from './status.js';

export const setupRouter = router({ status, run });
