import { router } from '../../../trpc/init.js';
import { read } from './read.js';
import { replace } from './replace.js';

export const coverageRouter = router({ read, replace });
