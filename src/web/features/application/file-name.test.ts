import { describe, expect, it } from 'vitest';
import { splitFileName } from './file-name';

describe('splitFileName', () => {
  it('keeps a short name whole', () => {
    expect(splitFileName('sample.pdf')).toEqual({ head: 'sample.pdf', tail: '' });
  });

  it('keeps the end of a long name, extension included, outside the part that is cut', () => {
    const name = 'a-very-long-file-name-of-my-drivers-license-front-and-back-2024-final-v2.pdf';
    const { head, tail } = splitFileName(name);
    expect(tail).toBe('final-v2.pdf');
    expect(head + tail).toBe(name);
  });

  it('never splits a character made of two code units', () => {
    const name = `${'📄'.repeat(30)}.pdf`;
    const { head, tail } = splitFileName(name);
    expect(head + tail).toBe(name);
    expect(tail).toBe(`${'📄'.repeat(8)}.pdf`);
  });
});
