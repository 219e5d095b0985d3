import { router } from '../../../trpc/init.js';
import { approve } from './approve.js';
import { cancel } from './cancel.js';
import { create } from './create.js';
import { list } from './list.js';
import { reject } from './reject.js';

export const requestsRouter = router({ list, create, approve, reject, cancel });
