import { documentTitle, type DocumentType } from '../../../domain/application';

/** The toasts of the documents step for uploads, as title and description (docs/product/application.md#messages). */
export const UPLOAD_MESSAGES = {
  invalidType: { title: 'Invalid File Type', description: 'Please upload PDF, JPG, or PNG files only.' },
  tooLarge: { title: 'File Too Large', description: 'Files must be smaller than 25MB.' },
  success: (type: DocumentType) => ({ title: 'Upload Successful', description: `${documentTitle(type)} uploaded successfully.` }),
  failed: { title: 'Upload Failed', description: 'Please try uploading the file again.' },
  empty: { title: 'Upload Failed', description: 'This file is empty. Please choose another file.' },
  removed: { title: 'Document Removed', description: 'You can upload a new version if needed.' },
} as const;
