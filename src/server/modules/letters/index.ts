export { letterRows, listLetters } from './letters-repo';
export { addLetter, deleteLetter, downloadLetterPdf, getLetter, setLetterStatus, updateLetter } from './letters';
