/** Where a calendar feed is read: PUBLIC_URL + this + the token. Also what the request log redacts. */
export const CALENDAR_FEED_PATH = '/api/calendar-feed';

export function calendarFeedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${CALENDAR_FEED_PATH}/${token}`;
}
