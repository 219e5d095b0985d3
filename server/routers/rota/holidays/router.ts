import { router } from '../../../trpc/init.js';
import { create } from './create.js';
import { list } from './list.js';
import { remove } from './remove.js';

export const holidaysRouter = router({ list, create, remove });
