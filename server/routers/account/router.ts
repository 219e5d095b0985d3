import { router } from '../../trpc/init.js';
import { changePassword } from './change-password.js';
import { endCalendarFeed } from './end-calendar-feed.js';
import { issueCalendarFeed } from './issue-calendar-feed.js';
import { listNotifications } from './list-notifications.js';
import { readNotifications } from './read-notifications.js';

export const accountRouter = router({ changePassword, issueCalendarFeed, endCalendarFeed, notifications: listNotifications, readNotifications });
