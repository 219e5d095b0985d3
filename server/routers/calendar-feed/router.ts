import { router } from '../../trpc/init.js';
import { read } from './read.js';

export const calendarFeedRouter = router({ read });
