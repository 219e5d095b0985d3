import { router } from '../../trpc/init.js';
import { check } from './check.js';

export const healthRouter = router({ check });
