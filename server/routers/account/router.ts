import { router } from '../../trpc/init.js';
import { changePassword } from './change-password.js';
import { endCalendarFeed } from './end-calendar-feed.js';
import { issueCalendarFeed } from './issue-calendar-feed.js';

export const accountRouter = router({ changePassword, issueCalendarFeed, endCalendarFeed });
