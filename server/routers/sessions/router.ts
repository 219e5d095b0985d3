import { router } from '../../trpc/init.js';
import { list } from './list.js';
import { revoke } from './revoke.js';
import { revokeOthers } from './revoke-others.js';

export const sessionsRouter = router({ list, revoke, revokeOthers });
