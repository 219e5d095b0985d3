import { router } from '../../trpc/init.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { me } from './me.js';

export const authRouter = router({ login, logout, me });
