import { tzOffset, tzScan } from '@date-fns/tz';

const pad = (value: number) => String(value).padStart(2, '0');

/** `+0330`, `-0500`: an offset in minutes as RFC 5545 writes it. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const magnitude = Math.abs(minutes);
  return `${sign}${pad(Math.floor(magnitude / 60))}${pad(magnitude % 60)}`;
}

/** A moment as local date-time at `offset` minutes, RFC 5545's `19700101T000000` form. */
function localDateTime(moment: Date, offset: number): string {
  const local = new Date(moment.getTime() + offset * 60_000);
  return (
    `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`
  );
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', start: string, from: number, to: number): string[] {
  return [`BEGIN:${kind}`, `DTSTART:${start}`, `TZOFFSETFROM:${utcOffset(from)}`, `TZOFFSETTO:${utcOffset(to)}`, `TZNAME:${utcOffset(to)}`, `END:${kind}`];
}

/**
 * RFC 5545 VTIMEZONE of `zone` over `span`, from the runtime's own zone data (Intl): the offset in force
 * when the span starts, then each change inside it as an observance of its own. A zone with no change in
 * the span (Asia/Tehran since 2022) is one STANDARD observance.
 */
export function vtimezone(zone: string, span: { start: Date; end: Date }): string {
  const initial = tzOffset(zone, span.start);
  const changes = tzScan(zone, span);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  lines.push(...observance('STANDARD', changes.length ? localDateTime(span.start, initial) : '19700101T000000', initial, initial));
  for (const change of changes) {
    const before = change.offset - change.change;
    // An observance starts at the local time that was in force before it (RFC 5545 §3.6.5).
    lines.push(...observance(change.change > 0 ? 'DAYLIGHT' : 'STANDARD', localDateTime(change.date, before), before, change.offset));
  }
  lines.push('END:VTIMEZONE');
  return `${lines.join('\r\n')}\r\n`;
}
