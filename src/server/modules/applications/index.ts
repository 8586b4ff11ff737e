export { answerCorrection, myRequests, sendDocumentAnswer } from './answer-request';
export { applicationNotFound, findReviewable } from './application-detail';
export { countApplications, dashboardSummary, type ExportRow, exportRows, listApplications } from './applications-repo';
export { changeAssignee, listAssignees } from './assignment';
export { deleteMessage, findMessage, loadConversation, markRead, messageNotFound, ownerOfApplication, sendMessage, unreadCount } from './conversation';
export { reviewDocument } from './document-review';
export { deleteDocument, removeStored, storeDocument } from './document-store';
export { contentDisposition } from './download';
export { registerMessageNotices } from './message-notification';
export { presentApplication, presentDocument, storedDraft } from './present';
export { type ReceivedMultipart, receiveMultipart } from './receive-upload';
export { registerReminders, type ReminderDeps } from './reminders';
export { scheduleVerifyReminder } from './reminders-schedule';
export { documentsOf, findActiveApplication, findDocument, latestApplication } from './repository';
export { newRequestsNotification } from './request-notification';
export { changeRequest, createRequest } from './requests';
export { changeNotes, changeStatus, type StatusLock } from './review-application';
export { reviewDetail } from './review-detail';
export { saveDraft } from './save-draft';
export { maskedSensitive, seal } from './sensitive';
export { staffAnswersNotification, staffSubmissionNotification } from './staff-notification';
export { statusChangeNotification } from './status-notification';
export { submitApplication } from './submit';
export {
  currentPreApproval,
  latestPreApproval,
  noPreApproval,
  ownPreApproval,
  preApprovalForLetter,
  preApprovalsOfUser,
  presentPreApproval,
  renewPreApproval,
  type PreApprovalRow,
} from './pre-approval';
export { preApprovalLetterPdf, preApprovalLetterResponse } from './pre-approval-letter';
export { preApprovalExpiryNotification, preApprovalRenewedNotification, registerPreApprovalExpiry, runPreApprovalExpiryNotices } from './pre-approval-mail';
export { requestsInState } from './mail-window';
export { withdrawApplication } from './withdraw';
export { staffWithdrawalNotification, withdrawalConfirmation } from './withdrawal-notification';
export { changeRequestsOf, decideChange, myChangeRequests, requestChange } from './change-requests';
export { changeDecidedNotification, staffChangeRequestNotification } from './change-request-notification';
export { downloadAttachment, sendWithAttachment } from './message-attachment';
