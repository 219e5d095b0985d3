import { router } from '../../trpc/init.js';
import { list } from './list.js';
import { register } from './register.js';
import { registrationOptions } from './registration-options.js';
import { remove } from './remove.js';
import { rename } from './rename.js';
import { signIn } from './sign-in.js';
import { signInOptions } from './sign-in-options.js';

export const passkeysRouter = router({ list, registrationOptions, register, rename, remove, signInOptions, signIn });
