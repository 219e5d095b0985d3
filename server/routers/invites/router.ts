import { router } from '../../trpc/init.js';
import { accept } from './accept.js';
import { issue } from './issue.js';
import { list } from './list.js';
import { read } from './read.js';
import { revoke } from './revoke.js';

export const invitesRouter = router({ issue, list, revoke, read, accept });
