export { addHome, myHomes, removeHome, updateHome } from './considered-homes';
export { makeOffer } from './make-offer';
export { answerCounter, moveOffer, offerLetterDecided, withdrawOffer } from './offer-moves';
export { offerChangedNotification } from './offer-notification';
export { listOffers } from './offers-list';
export { offersOf } from './offers-repo';
export { acceptedOffer, closingOf, updateMilestone, type PurchasableOffer } from './closing';
export { pipelineBuyers, pipelineCounts } from './pipeline';
export { closingUploadLimit, downloadClosingDocument, storeClosingDocument } from './closing-documents';
