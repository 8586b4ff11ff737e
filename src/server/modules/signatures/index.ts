export { sendAgreement } from './agreement-document';
export { registerEnvelopeKind, type EnvelopeEvent, type EnvelopeKindHandlers } from './envelope-kinds';
export {
  createEnvelope,
  envelopeFile,
  envelopeFor,
  eSignOff,
  hasEnvelope,
  homeAwaitingSignatures,
  myEnvelopes,
  staffEnvelopes,
  type NewEnvelope,
  type SignatureDeps,
  type Signer,
} from './envelope-store';
export { declineEnvelope, openEnvelope, signEnvelope } from './signing';
export { resendEnvelope, uploadAgreementScan, voidEnvelope, voidEnvelopesOf } from './staff-envelopes';
export { signatureStepNotification } from './signature-notifications';
export { verifyDocument } from './verify-document';
export { memoryStorage } from './memory-storage';
