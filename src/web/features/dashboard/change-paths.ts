/** The homeowner's 'Adjust Monthly Payment' and 'Transfer' pages (docs/product/dashboard.md#adjust-monthly-payment, #transfer), opened from the dashboard. */
export const ADJUST_PAYMENT_PATH = '/dashboard/payment';
export const TRANSFER_PATH = '/dashboard/transfer';
