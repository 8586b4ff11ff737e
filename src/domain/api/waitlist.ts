import { waitlistReplySchema, waitlistRequestSchema } from '../waitlist';
import { defineRoute } from './route';

/** `/api/waitlist`: the public sign-up for early access (docs/product/waitlist.md). */
export const waitlistApi = {
  submit: defineRoute({
    method: 'post',
    path: '/api/waitlist',
    access: 'public',
    summary:
      'Joins the waitlist: one entry per e-mail address (a repeat updates it and answers alike); a filled honeypot answers success and stores nothing; refused requests count against the rate limit too',
    body: waitlistRequestSchema,
    responses: { 200: { description: 'Accepted', schema: waitlistReplySchema } },
    errors: [429],
  }),
};
