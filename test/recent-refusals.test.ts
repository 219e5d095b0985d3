import { describe, expect, it } from '@jest/globals';
import { RecentRefusals } from '../server/services/auth/recent-refusals.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 26, 8, 0, seconds));

describe('RecentRefusals, the memory of refusals already in the audit trail', () => {
  it('knows a pair from the moment it was noted, inside the window only', () => {
    const refusals = new RecentRefusals();
    expect(refusals.knownSince('203.0.113.7', 'admin', at(0))).toBe(false);
    refusals.note('203.0.113.7', 'admin', at(10));
    expect(refusals.knownSince('203.0.113.7', 'admin', at(9))).toBe(true);
    // The window starts at or after the recorded refusal: it is no longer inside it.
    expect(refusals.knownSince('203.0.113.7', 'admin', at(10))).toBe(false);
    expect(refusals.knownSince('203.0.113.7', 'admin', at(30))).toBe(false);
  });

  it('keeps pairs apart by address and by the username as typed, a missing address included', () => {
    const refusals = new RecentRefusals();
    refusals.note('203.0.113.7', 'admin', at(10));
    refusals.note(null, 'nurse', at(10));
    expect(refusals.knownSince('198.51.100.8', 'admin', at(0))).toBe(false);
    expect(refusals.knownSince('203.0.113.7', 'Admin', at(0))).toBe(false);
    expect(refusals.knownSince(null, 'admin', at(0))).toBe(false);
    expect(refusals.knownSince(null, 'nurse', at(0))).toBe(true);
  });

  it('holds at most its capacity, dropping the pair noted longest ago', () => {
    const refusals = new RecentRefusals(2);
    refusals.note('a', 'x', at(1));
    refusals.note('b', 'x', at(2));
    refusals.note('a', 'x', at(3)); // noted again: now the newest
    refusals.note('c', 'x', at(4));
    expect(refusals.knownSince('b', 'x', at(0))).toBe(false);
    expect(refusals.knownSince('a', 'x', at(0))).toBe(true);
    expect(refusals.knownSince('c', 'x', at(0))).toBe(true);
  });

  it('forgets every pair when told the trail was emptied', () => {
    const refusals = new RecentRefusals();
    refusals.note('a', 'x', at(1));
    refusals.forget();
    expect(refusals.knownSince('a', 'x', at(0))).toBe(false);
  });
});
