import { describe, expect, it } from 'vitest';
import { calendarDate, inViewerZone, localDate, localDateTime, zoneAt, zoneLabel } from './dates';

const NEW_YORK = 'America/New_York';

describe('dates in the viewer’s zone, around daylight-saving changes', () => {
  it('springs forward: 1:59 AM EST is followed by 3:00 AM EDT on Mar 8, 2026', () => {
    expect(localDateTime('2026-03-08T06:59:00Z', NEW_YORK)).toBe('Mar 8, 2026 1:59 AM');
    expect(localDateTime('2026-03-08T07:00:00Z', NEW_YORK)).toBe('Mar 8, 2026 3:00 AM');
    expect(zoneAt('2026-03-08T06:59:00Z', NEW_YORK)).toBe('EST');
    expect(zoneAt('2026-03-08T07:00:00Z', NEW_YORK)).toBe('EDT');
  });

  it('falls back: 1:30 AM happens twice on Nov 1, 2026, first EDT then EST', () => {
    expect(localDateTime('2026-11-01T05:30:00Z', NEW_YORK)).toBe('Nov 1, 2026 1:30 AM');
    expect(localDateTime('2026-11-01T06:30:00Z', NEW_YORK)).toBe('Nov 1, 2026 1:30 AM');
    expect(zoneAt('2026-11-01T05:30:00Z', NEW_YORK)).toBe('EDT');
    expect(zoneAt('2026-11-01T06:30:00Z', NEW_YORK)).toBe('EST');
  });

  it('puts a late-evening instant on the viewer’s day, not UTC’s', () => {
    // 11:30 PM in Los Angeles on Mar 7 is already Mar 8 in UTC.
    expect(localDate('2026-03-08T07:30:00Z', 'America/Los_Angeles')).toBe('Mar 7, 2026');
    expect(localDate('2026-03-08T07:30:00Z', 'UTC')).toBe('Mar 8, 2026');
  });

  it('names the zone in a header with a name that holds all year', () => {
    expect(zoneLabel(NEW_YORK, new Date('2026-01-15T12:00:00Z'))).toBe('ET');
    expect(zoneLabel(NEW_YORK, new Date('2026-07-15T12:00:00Z'))).toBe('ET');
    expect(zoneLabel('America/Los_Angeles')).toBe('PT');
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(inViewerZone('Time', 'America/Chicago')).toBe('Time (CT)');
  });

  it('never shifts a calendar date, whatever the zone', () => {
    expect(calendarDate('1990-05-05')).toBe('May 5, 1990');
    expect(calendarDate('2000-01-01')).toBe('Jan 1, 2000');
  });
});
