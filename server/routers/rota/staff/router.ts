import { router } from '../../../trpc/init.js';
import { list } from './list.js';
import { removeProfile } from './remove-profile.js';
import { setProfile } from './set-profile.js';

export const staffRouter = router({ list, setProfile, removeProfile });
