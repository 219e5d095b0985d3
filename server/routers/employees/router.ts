import { router } from '../../trpc/init.js';
import { activate } from './activate.js';
import { create } from './create.js';
import { deactivate } from './deactivate.js';
import { list } from './list.js';
import { resetPassword } from './reset-password.js';

export const employeesRouter = router({ list, create, resetPassword, deactivate, activate });
