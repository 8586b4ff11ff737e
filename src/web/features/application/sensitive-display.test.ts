import { describe, expect, it } from 'vitest';
import { opensAsInput } from './sensitive-display';

describe('opensAsInput (a sensitive field when its step opens or the page loads)', () => {
  it('is an input while nothing is stored', () => {
    expect(opensAsInput({ editable: true, stored: null, problem: undefined })).toBe(true);
    expect(opensAsInput({ editable: true, stored: null, problem: 'Date of birth is required' })).toBe(true);
  });

  it('is masked once a value is stored and nothing is wrong with it (step left, or page reloaded)', () => {
    expect(opensAsInput({ editable: true, stored: '••/••/1990', problem: undefined })).toBe(false);
    expect(opensAsInput({ editable: true, stored: '•••• 6789', problem: undefined })).toBe(false);
  });

  it('stays an input, to be read and fixed, when the value has a problem', () => {
    // '2015-05-05' typed and saved: the submit check refuses it, so it is not masked away from the user.
    expect(opensAsInput({ editable: true, stored: '••/••/2015', problem: 'You must be at least 18 years old to apply' })).toBe(true);
    expect(opensAsInput({ editable: true, stored: '•••• 12', problem: 'Enter exactly 4 digits' })).toBe(true);
  });

  it('is never an input once the application is submitted', () => {
    expect(opensAsInput({ editable: false, stored: null, problem: undefined })).toBe(false);
    expect(opensAsInput({ editable: false, stored: '••/••/2015', problem: 'You must be at least 18 years old to apply' })).toBe(false);
  });
});
