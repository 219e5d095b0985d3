import { router } from '../../trpc/init.js';
import { create } from './create.js';
import { list } from './list.js';

export const wardsRouter = router({ list, create });
