/** The toasts and texts of the waitlist page (docs/product/back-office.md#messages, #waitlist). */
export const WAITLIST_TEXTS = {
  added: 'Applicant added successfully',
  addFailed: 'Failed to add applicant',
  deleted: 'Applicant deleted successfully',
  deleteFailed: 'Failed to delete applicant',
  loadFailed: 'Failed to load waitlist applicants',
  confirmDelete: 'Are you sure you want to delete this applicant?',
  empty: 'No applicants yet',
  emptyFiltered: 'No applicants found',
} as const;
