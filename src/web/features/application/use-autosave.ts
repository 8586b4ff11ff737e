import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApplicationView } from '../../../domain/application';
import { registerPendingWork } from '../../lib/pending-work';
import { loadApplication, saveApplication, type DraftBody } from './application-api';
import {
  allSaved,
  autosaveStep,
  changedElsewhere,
  failureOf,
  initialAutosave,
  mayLookElsewhere,
  unsavedOnLeave,
  type AutosaveEvent,
  type SaveStatus,
} from './autosave-machine';

interface Options {
  enabled: boolean;
  initial: Pick<ApplicationView, 'id' | 'version'>;
  /** The whole draft to save now (without version). */
  buildBody: () => DraftBody;
  onSaved: (view: ApplicationView) => void;
  /** The application changed elsewhere (submitted in another tab, edited on another device). */
  onStale: (view?: ApplicationView) => void;
}

/**
 * Saves the draft debounced, and at once on flush (step change, submit, sign-out,
 * tab hidden). One request at a time, each with the version the last one
 * answered; network and server failures retry with back-off, shown as
 * 'Not saved — retrying'; a tab closing sends its last changes with keepalive
 * (docs/product/application.md#draft). The rules are autosave-machine.ts's; this
 * hook wires them to the timer, the requests, the page's events and React state.
 */
export function useAutosave(options: Options) {
  const [status, setStatus] = useState<SaveStatus>(options.initial.id ? { kind: 'saved' } : { kind: 'idle' });
  const opts = useRef(options);
  useEffect(() => {
    opts.current = options;
  });
  const machine = useRef(initialAutosave(options.initial.version));
  const timer = useRef(0);
  const request = useRef<Promise<void> | null>(null);
  const saveRef = useRef<() => Promise<void>>(async () => {});

  /** Applies one event and carries out what it asks for, except sending (the caller does). */
  const apply = useCallback((event: AutosaveEvent) => {
    const step = autosaveStep(machine.current, event);
    machine.current = step.state;
    if (step.status) setStatus(step.status);
    if (step.timer) window.clearTimeout(timer.current);
    if (step.timer && step.timer !== 'clear') timer.current = window.setTimeout(() => void saveRef.current(), step.timer.dueIn);
    if (step.stale) opts.current.onStale();
    return step;
  }, []);

  /** Sends what is unsaved, after the request that is out; then what was typed meanwhile. */
  const save = useCallback(async (): Promise<void> => {
    if (request.current) {
      await request.current;
      return save();
    }
    if (!apply({ type: 'due', enabled: opts.current.enabled }).send) return;
    const body = { ...opts.current.buildBody(), version: machine.current.version };
    request.current = (async () => {
      try {
        const view = await saveApplication(body);
        // The page hears of the save before the status says 'Saved'.
        opts.current.onSaved(view);
        apply({ type: 'saved', version: view.version });
      } catch (error) {
        apply({ type: 'failed', failure: failureOf(error) });
      } finally {
        request.current = null;
      }
    })();
    await request.current;
    if (machine.current.dirty && machine.current.lastOk) return save();
  }, [apply]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** A change: save after the debounce (while retrying, the retry timer stays as it is). */
  const schedule = useCallback(() => void apply({ type: 'change', enabled: opts.current.enabled }), [apply]);

  /** Save now; resolves true when everything is on the server. `force` saves even without changes. */
  const flush = useCallback(
    async ({ force = false } = {}): Promise<boolean> => {
      if (force && opts.current.enabled) machine.current = { ...machine.current, dirty: true };
      await save();
      return allSaved(machine.current);
    },
    [save],
  );

  useEffect(() => {
    const sendOnLeave = () => {
      if (!unsavedOnLeave(machine.current, opts.current.enabled)) return;
      void saveApplication({ ...opts.current.buildBody(), version: machine.current.version }, { keepalive: true }).catch(() => {});
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    // Back on the tab: pick up what another device saved meanwhile (only when nothing is unsaved here).
    const onShow = () => {
      if (document.visibilityState !== 'visible' || !mayLookElsewhere(machine.current, opts.current.enabled)) return;
      loadApplication()
        .then((view) => {
          if (changedElsewhere(machine.current, view.version)) opts.current.onStale(view);
        })
        .catch(() => {});
    };
    document.addEventListener('visibilitychange', onHide);
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('pagehide', sendOnLeave);
    const unregister = registerPendingWork(() => Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, 5000))]));
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('pagehide', sendOnLeave);
      unregister();
      window.clearTimeout(timer.current);
      // Leaving the page (another route): the last changes still go out.
      sendOnLeave();
    };
  }, [flush]);

  return { status, schedule, flush };
}
