/** The homeowner's 'Adjust Monthly Payment' and 'Transfer' pages (issue 14), opened from the dashboard. */
export const ADJUST_PAYMENT_PATH = '/dashboard/payment';
export const TRANSFER_PATH = '/dashboard/transfer';
