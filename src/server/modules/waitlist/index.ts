import type { WaitlistWriter } from './store-submission';

export { registerAnnouncementJobs } from './announcement-sender';
export { cancelAnnouncement, getAnnouncement, listAnnouncements, previewAnnouncement, sendAnnouncement } from './announcements-repo';
export { eraseWaitlistAddresses } from './address-erasure';
export { moveWaitlistAddress } from './address-move';
export { WAITLIST_TOPIC, waitlistRateLimit, WaitlistWriter } from './store-submission';
export { registerWaitlistConfirmations } from './waitlist-confirmation';
export { createApplicant, deleteApplicant, exportApplicantsRows, getApplicant, listApplicants } from './waitlist-repo';

declare module '../../platform/http/context' {
  interface Deps {
    /** Stores waitlist submissions in self-forming batches (store-submission.ts); the server drains it on shutdown. */
    waitlist: WaitlistWriter;
  }
}
