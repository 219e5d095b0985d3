import { router } from '../../trpc/init.js';
import { changePassword } from './change-password.js';

export const accountRouter = router({ changePassword });
