import { router } from '../../../trpc/init.js';
import { read } from './read.js';
import { replace } from './replace.js';

export const settingsRouter = router({ read, replace });
