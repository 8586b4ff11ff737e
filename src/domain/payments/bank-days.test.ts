import { describe, expect, it } from 'vitest';
import { bankingDayOnOrBefore, fedHolidayOn, fedHolidays, isBankingDay, nextBankingDay } from './bank-days';

/** The Federal Reserve's published holiday schedules for 2026 and 2027 (federalreserve.gov, 'Holidays Observed'). */
const FED_2026 = [
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-05-25',
  '2026-06-19',
  '2026-07-04', // a Saturday: not moved, the Reserve Banks are open Friday Jul 3
  '2026-09-07',
  '2026-10-12',
  '2026-11-11',
  '2026-11-26',
  '2026-12-25',
];
const FED_2027 = [
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-05-31',
  '2027-06-19', // a Saturday: not moved
  '2027-07-05', // Jul 4 is a Sunday: observed Monday
  '2027-09-06',
  '2027-10-11',
  '2027-11-11',
  '2027-11-25',
  '2027-12-25', // a Saturday: not moved, Friday Dec 24 is a banking day
];

describe('the Federal Reserve holiday calendar', () => {
  it('gives the eleven holidays of 2026 and 2027 with the Reserve Banks’ observed rule', () => {
    expect(fedHolidays(2026).map((h) => h.date)).toEqual(FED_2026);
    expect(fedHolidays(2027).map((h) => h.date)).toEqual(FED_2027);
    expect(fedHolidayOn('2026-11-26')?.name).toBe('Thanksgiving Day');
    expect(fedHolidayOn('2027-07-05')?.name).toBe('Independence Day');
  });

  it('moves a Sunday holiday to Monday and leaves a Saturday one, and knows Juneteenth only from 2022', () => {
    // Jan 1, 2023 was a Sunday: Monday Jan 2 was closed. Jan 1, 2022 was a Saturday: Friday Dec 31, 2021 was open.
    expect(fedHolidays(2023)[0]!.date).toBe('2023-01-02');
    expect(isBankingDay('2021-12-31')).toBe(true);
    expect(fedHolidays(2021).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(fedHolidays(2022).find((h) => h.name.startsWith('Juneteenth'))?.date).toBe('2022-06-20');
  });

  it('counts weekdays that are not holidays as banking days', () => {
    expect(isBankingDay('2026-12-01')).toBe(true); // Tuesday
    expect(isBankingDay('2026-11-28')).toBe(false); // Saturday
    expect(isBankingDay('2026-11-29')).toBe(false); // Sunday
    expect(isBankingDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBankingDay('2026-07-03')).toBe(true); // Friday before a Saturday holiday
    expect(isBankingDay('2027-07-05')).toBe(false);
  });
});

describe('the business-day rule for a due date', () => {
  it('goes out on the due date when it is a banking day, else the banking day before', () => {
    expect(bankingDayOnOrBefore('2026-12-01')).toBe('2026-12-01'); // Tuesday
    expect(bankingDayOnOrBefore('2026-11-01')).toBe('2026-10-30'); // Sunday → Friday
    expect(bankingDayOnOrBefore('2026-08-01')).toBe('2026-07-31'); // Saturday → Friday
    expect(bankingDayOnOrBefore('2027-01-01')).toBe('2026-12-31'); // New Year's Day (Friday) → Thursday
    expect(bankingDayOnOrBefore('2027-02-15')).toBe('2027-02-12'); // Presidents' Day Monday → Friday
    expect(bankingDayOnOrBefore('2027-07-05')).toBe('2027-07-02'); // observed Monday, weekend before → Friday
    expect(bankingDayOnOrBefore('2026-11-27')).toBe('2026-11-27'); // the day after Thanksgiving is a banking day
  });

  it('settles a file on the next banking day', () => {
    expect(nextBankingDay('2026-11-25')).toBe('2026-11-27'); // over Thanksgiving
    expect(nextBankingDay('2026-12-24')).toBe('2026-12-28'); // over Christmas and the weekend
    expect(nextBankingDay('2027-07-02')).toBe('2027-07-06');
  });
});
