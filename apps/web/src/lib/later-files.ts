import { whenIdle } from './idle.ts';
import { nextTask } from './waits.ts';

/**
 * Files the app will want soon but not for its first screen (decision 029). The build names them in
 * index.html as prefetch links inside a `<template>`, where they are inert; `fetchLaterFiles` makes
 * them live once the page has loaded and the browser is idle, so they are downloaded (not run) without
 * competing with the first screen's own requests.
 */
export const LATER_FILES_ID = 'later-files';

/**
 * Activates the later files' links, once; later calls and pages without them do nothing. Starting a
 * download costs a phone's main thread a few milliseconds, and the dozen links appended together
 * made one long task while the first screen was still settling, so each goes in a task of its own.
 */
export async function fetchLaterFiles(doc: Document = document): Promise<void> {
  const template = doc.getElementById(LATER_FILES_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  for (const link of [...template.content.children]) {
    await nextTask();
    doc.head.append(doc.importNode(link, true));
  }
}

/** Runs `task` once the page has loaded and the browser is idle; answers the cancellation. */
export function whenPageSettled(task: () => void, win: Window = window): () => void {
  if (win.document.readyState === 'complete') return whenIdle(task, undefined, win);
  let cancel = () => win.removeEventListener('load', idle);
  const idle = () => {
    cancel = whenIdle(task, undefined, win);
  };
  win.addEventListener('load', idle, { once: true });
  return () => cancel();
}
