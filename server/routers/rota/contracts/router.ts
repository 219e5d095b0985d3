import { router } from '../../../trpc/init.js';
import { create } from './create.js';
import { list } from './list.js';
import { remove } from './remove.js';
import { update } from './update.js';

export const contractsRouter = router({ list, create, update, remove });
