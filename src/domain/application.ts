/**
 * The home application (docs/product/application.md), shared by the wizard,
 * the server and the tests. Pure: no I/O.
 */
export * from './application/steps';
export * from './application/fields';
export * from './application/dates';
export * from './application/draft-schema';
export * from './application/submit-check';
export * from './application/documents';
export * from './application/status';
export * from './application/consents';
export * from './application/summary';
export * from './application/view';
