/**
 * What the app and its stand-in processor's process say to each other over the IPC channel of `child_process.fork`
 * (docs/decisions/045-sandbox-processor-process.md 'The messages').
 */

/** From the app (start-payments.ts) to the stand-in (sandbox-main.ts). */
export type SandboxParentMessage =
  /** Where to send events, once the app listens. */
  | { type: 'webhook'; url: string }
  /** Debits made from now on settle after `ms`; answered with `done` and the same id. */
  | { type: 'settle'; ms: number; id: number };

/** From the stand-in to the app. */
export type SandboxChildMessage =
  /** It listens at `url`. */
  | { type: 'ready'; url: string; pid: number }
  /** It could not start (e.g. its port is taken); it exits next. */
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number };
