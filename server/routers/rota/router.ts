import { router } from '../../trpc/init.js';

/** The ward's rota (ROTA.md): each resource's router, wired here. */
export const rotaRouter = router({});
