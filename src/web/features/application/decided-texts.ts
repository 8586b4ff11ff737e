import type { ApplicationStatus } from '../../../domain/application';

/**
 * What /apply says once staff decided (docs/product/application.md#statuses, docs/product/dashboard.md#dialogs): the
 * decision and where to go next, in place of the decision window and the invitation to add documents. Undefined
 * before a decision.
 */
export function decidedTexts(status: ApplicationStatus): { title: string; text: string; stepNote: string } | undefined {
  if (status === 'approved')
    return {
      title: 'Congratulations, you are approved!',
      text: 'We approved your application: there is nothing more to send here. Your dashboard shows your next steps.',
      stepNote: 'Your application is approved: these are the answers we decided on.',
    };
  if (status === 'declined')
    return {
      title: 'Your application was declined.',
      text: 'We e-mailed you our reason. You can start a new application from your dashboard.',
      stepNote: 'Your application was declined: these are the answers we decided on.',
    };
  return undefined;
}
