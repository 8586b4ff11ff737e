/** The toasts and texts of the users page (docs/product/back-office.md#messages, #users). */
export const USER_TEXTS = {
  added: 'User added successfully',
  addFailed: 'Failed to add user. Email may already exist.',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  loadFailed: 'Failed to load users',
  confirmDelete: 'Are you sure you want to delete this user?',
  empty: 'No users found',
} as const;
