import { describe, expect, it } from 'vitest';
import { applicationListParamsSchema } from '../../../../domain/admin/applications';
import { auditListSchema } from '../../../../domain/admin/audit-query';
import { jobListSchema } from '../../../../domain/admin/jobs';
import { letterListSchema } from '../../../../domain/admin/letters';
import { userListParamsSchema } from '../../../../domain/admin/users';
import { waitlistListParamsSchema } from '../../../../domain/admin/waitlist';
import { changedListParams, listDefaults, parseListParams, patchListSearch, type ListSchema } from './list-params';

const url = (text: string) => new URLSearchParams(text);

describe('admin list state in the URL, read with the server’s list schemas', () => {
  it('gives each list its schema’s defaults when the URL says nothing', () => {
    expect(parseListParams(userListParamsSchema, url(''))).toEqual({ page: 1, pageSize: 25, q: '', sort: 'created_at', dir: 'desc', filter: 'all' });
    expect(parseListParams(waitlistListParamsSchema, url(''))).toMatchObject({ sort: 'created_at', interest: 'all' });
    expect(parseListParams(applicationListParamsSchema, url(''))).toMatchObject({ sort: 'submitted_at', status: 'all' });
    expect(parseListParams(letterListSchema, url(''))).toMatchObject({ sort: 'created_at', status: 'all' });
    expect(parseListParams(auditListSchema, url(''))).toMatchObject({ entity: 'all', action: 'all', range: '7d' });
    expect(parseListParams(jobListSchema, url(''))).toEqual({ page: 1, pageSize: 25, state: 'open' });
    expect(parseListParams(userListParamsSchema, url('')).from).toBeUndefined();
  });

  it('reads good values typed as the server reads them: numbers as numbers, trimmed search', () => {
    const params = parseListParams(applicationListParamsSchema, url('page=3&q=%20ada%20&status=approved&sort=name&dir=asc&from=2025-01-01&to=2025-01-31'));
    expect(params).toEqual({
      page: 3,
      pageSize: 25,
      q: 'ada',
      status: 'approved',
      sort: 'name',
      dir: 'asc',
      from: '2025-01-01',
      to: '2025-01-31',
      assigned: 'anyone',
      waiting: 'any',
    });
  });

  it('replaces each refused value with its default and keeps the good ones beside it', () => {
    const params = parseListParams(userListParamsSchema, url('page=0&pageSize=1000&sort=password&dir=up&filter=admins&from=yesterday&q=ok'));
    expect(params).toEqual({ page: 1, pageSize: 25, q: 'ok', sort: 'created_at', dir: 'desc', filter: 'all' });
    expect(parseListParams(letterListSchema, url('page=2.5&status=maybe&to=2025-02-30'))).toMatchObject({ page: 1, status: 'all', to: undefined });
    expect(parseListParams(auditListSchema, url('range=1y&entity=letters_of_intent'))).toMatchObject({ range: '7d', entity: 'letters_of_intent' });
    expect(parseListParams(userListParamsSchema, url(`q=${'x'.repeat(101)}`)).q).toBe('');
    // NUL is refused by the one text rule (src/domain/safe-text.ts).
    expect(parseListParams(userListParamsSchema, url('q=a%00b')).q).toBe('');
  });

  it('drops the end date when it is before the start date, as the server would refuse the pair', () => {
    expect(parseListParams(waitlistListParamsSchema, url('from=2025-02-01&to=2025-01-01'))).toMatchObject({ from: '2025-02-01', to: undefined });
  });

  it('ignores parameters the list does not own', () => {
    expect(parseListParams(applicationListParamsSchema, url('review=3f0c&utm=x'))).toEqual(listDefaults(applicationListParamsSchema));
  });

  it('sends and writes only what differs from the defaults', () => {
    const params = parseListParams(userListParamsSchema, url('page=2&filter=waitlist&sort=created_at&dir=desc&from=2025-01-01'));
    expect(changedListParams(userListParamsSchema, params)).toEqual({ page: '2', filter: 'waitlist', from: '2025-01-01' });
    expect(changedListParams(userListParamsSchema, params, { omit: ['page', 'pageSize'] })).toEqual({ filter: 'waitlist', from: '2025-01-01' });
    expect(changedListParams(userListParamsSchema, listDefaults(userListParamsSchema))).toEqual({});
  });

  it('writes a change back to the URL: defaults and empty values removed, back to page 1 unless the page is the change, other parameters kept', () => {
    const current = url('page=4&q=ada&review=abc');
    expect(patchListSearch(userListParamsSchema, current, { filter: 'letters' }).toString()).toBe('q=ada&review=abc&filter=letters');
    expect(patchListSearch(userListParamsSchema, current, { q: '' }).toString()).toBe('review=abc');
    expect(patchListSearch(userListParamsSchema, current, { page: 5 }).toString()).toBe('page=5&q=ada&review=abc');
    expect(patchListSearch(userListParamsSchema, current, { page: 1 }).toString()).toBe('q=ada&review=abc');
    expect(patchListSearch(userListParamsSchema, url('sort=name&dir=asc'), { sort: 'created_at', dir: 'desc' }).toString()).toBe('');
    expect(patchListSearch(auditListSchema, url(''), { range: '7d', from: '2025-01-01', to: '' }).toString()).toBe('from=2025-01-01');
  });

  it('round-trips: what is written reads back as the same state, for every list', () => {
    const cases: [ListSchema, Record<string, string | number>][] = [
      [userListParamsSchema, { page: 2, q: 'ada', filter: 'homeowner', sort: 'email', dir: 'asc', from: '2025-01-01', to: '2025-03-31' }],
      [waitlistListParamsSchema, { interest: 'investing', sort: 'name' }],
      [applicationListParamsSchema, { status: 'missing_info', sort: 'property_value', dir: 'asc', page: 7 }],
      [letterListSchema, { status: 'declined', sort: 'intended_state', to: '2024-12-31' }],
      [auditListSchema, { entity: 'users', action: 'delete', range: '90d', page: 3 }],
      [jobListSchema, { state: 'failed', page: 2 }],
    ];
    for (const [schema, patch] of cases) {
      const written = patchListSearch(schema, url(''), patch);
      const read = parseListParams(schema, written);
      expect(read).toEqual({ ...listDefaults(schema), ...patch });
      expect(Object.fromEntries(patchListSearch(schema, url(''), changedListParams(schema, read)))).toEqual(Object.fromEntries(written));
    }
  });
});
