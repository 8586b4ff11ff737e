export { findLetter, letterRows, listLetters, type LetterRow } from './letters-repo';
export {
  addLetter,
  attachLetterPdf,
  deleteLetter,
  downloadLetterPdf,
  getLetter,
  insertBuyerLetter,
  newLetterKey,
  setLetterStatus,
  updateLetter,
  type LetterDecided,
} from './letters';
export { registerLetterEnvelopeKinds, sendLetterForSignature } from './letter-signature';
