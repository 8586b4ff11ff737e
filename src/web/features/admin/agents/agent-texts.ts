/** The toasts and texts of the Agents page (docs/product/back-office.md#partner-agents). */
export const AGENT_TEXTS = {
  empty: 'No partner agents yet. Add the first one.',
  loadFailed: 'Failed to load partner agents',
  added: 'Partner agent added',
  addFailed: 'Failed to add the partner agent',
  updated: 'Partner agent updated',
  updateFailed: 'Failed to update the partner agent',
  deactivated: 'Partner agent deactivated',
  reactivated: 'Partner agent reactivated',
  activeFailed: 'Failed to change the partner agent',
  requestsEmpty: 'Nobody is waiting for an agent right now.',
  requestsLoadFailed: 'Failed to load the buyers asking for an agent',
  assigned: 'Agent assigned: the buyer has been e-mailed',
  assignFailed: 'Failed to assign the agent',
} as const;
