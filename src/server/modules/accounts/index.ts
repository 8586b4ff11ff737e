export { confirmEmailChange, emailState, requestEmailChange } from './change-email';
export { deleteUserData, verifyPassword } from './delete-account';
export { exportUserData } from './export-data';
export { applyRetention } from './retention';
export { changeRole, createUser, exportUsersRows, listUsers } from './users-repo';
export { registerRetentionJob, retentionJob } from './retention-job';
export { updateProfile } from './update-profile';
