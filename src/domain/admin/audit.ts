/**
 * The audit log's vocabulary (docs/product/back-office.md#audit-log). Entity
 * types and actions beyond the product owner's lists are ours: the waitlist,
 * letters of intent, sessions (sign-ins), the audit log itself (its exports) and
 * the job runner's jobs (their retries and runs started early), the requests asked of applicants
 * and the messages of their conversations (never their text)
 * (docs/decisions/021-requests-and-messages.md), and export / download / sign_in /
 * retry / run_now / accept / reopen / withdraw / answer (the applicant's answer to a request) as actions.
 */
export const AUDIT_ENTITY_TYPES = [
  'applications',
  'users',
  'payments',
  'documents',
  'settings',
  'waitlist',
  'letters_of_intent',
  'sessions',
  'audit_log',
  'jobs',
  'requests',
  'messages',
  'notifications',
  'announcements',
  'homes',
  'partner_agents',
  'agent_choices',
  'pre_approvals',
  'signature_envelopes',
  'considered_homes',
  'offers',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ENTITY_LABELS: Readonly<Record<AuditEntityType, string>> = {
  applications: 'Applications',
  users: 'Users',
  payments: 'Payments',
  documents: 'Documents',
  settings: 'Settings',
  waitlist: 'Waitlist',
  letters_of_intent: 'Letters of Intent',
  sessions: 'Sign-ins',
  audit_log: 'Audit Log',
  jobs: 'Jobs',
  requests: 'Requests',
  messages: 'Messages',
  notifications: 'E-mail settings',
  announcements: 'Announcements',
  homes: 'Homes',
  partner_agents: 'Partner agents',
  agent_choices: "Buyers' agents",
  pre_approvals: 'Pre-approvals',
  signature_envelopes: 'Signatures',
  considered_homes: 'Homes considered',
  offers: 'Offers',
};

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'decline',
  'verify',
  'sign_in',
  'export',
  'download',
  'retry',
  'accept',
  'reopen',
  'withdraw',
  'answer',
  'review',
  'assign',
  'remind',
  'send',
  'cancel',
  'refund',
  'reverse',
  'import',
  'sign',
  'seal',
  'void',
  'submit',
  'counter',
  'reject',
  'unlock',
  'run_now',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  approve: 'Approve',
  decline: 'Decline',
  verify: 'Verify',
  sign_in: 'Sign in',
  export: 'Export',
  download: 'Download',
  retry: 'Retry',
  accept: 'Accept',
  reopen: 'Reopen',
  withdraw: 'Withdraw',
  answer: 'Answer',
  review: 'Review',
  assign: 'Assign',
  remind: 'Remind',
  send: 'Send',
  cancel: 'Cancel',
  refund: 'Refund',
  reverse: 'Reverse',
  import: 'Import',
  sign: 'Sign',
  seal: 'Seal',
  void: 'Void',
  submit: 'Submit',
  counter: 'Counter',
  reject: 'Reject',
  unlock: 'Unlock',
  run_now: 'Run now',
};

/** docs/product/back-office.md#audit-log: ranges 1d, 7d, 30d, 90d; default 7d. */
export const AUDIT_RANGES = ['1d', '7d', '30d', '90d'] as const;
export type AuditRange = (typeof AUDIT_RANGES)[number];
export const DEFAULT_AUDIT_RANGE: AuditRange = '7d';
export const AUDIT_RANGE_DAYS: Readonly<Record<AuditRange, number>> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 };

/** `{ field: { from, to } }`: what an update changed. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs between `before` and `after`, limited to `fields`. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : from === to;
    if (!same) changes[field] = { from, to };
  }
  return changes;
}
