/** The toasts and texts of the letters of intent page (docs/product/back-office.md#messages, #letters-of-intent). */
export const LETTER_TEXTS = {
  empty: 'No letters of intent yet',
  confirmDelete: 'Are you sure you want to delete this letter of intent?',
  added: 'Letter of intent added successfully',
  addFailed: 'Failed to add letter of intent',
  deleted: 'Letter of intent deleted successfully',
  deleteFailed: 'Failed to delete letter of intent',
  downloadFailed: 'Failed to download PDF',
  loadFailed: 'Failed to load letters of intent',
  loadOneFailed: 'Failed to load this letter of intent',
  updated: 'Letter of intent updated',
  updateFailed: 'Failed to update letter of intent',
  statusUpdated: 'Letter of intent status updated',
  statusFailed: 'Failed to update the status',
  buyerDecided: 'A letter from a buyer is decided once. Follow the offer under Offers.',
} as const;
