import { useEffect } from 'react';
import { lazyModule } from '../lib/lazy-module';

/*
 * Most chat messages are plain text, and a plain message is drawn without the Markdown pipeline
 * (isPlainParagraph). The pipeline (markdown-pipeline.tsx) loads on demand: beside a chat's first
 * load, which waits for it only when its newest messages need it (chat-open.ts); on other chat pages
 * (rooms) once the page is idle. A message that needs it before then shows its text as written for that moment.
 */

/**
 * Text that Markdown would render as one paragraph of itself: one line, no leading or trailing space,
 * no character that starts any syntax (emphasis, code, links, images, HTML, entities, escapes,
 * tables, strikethrough, headings, footnotes, @mentions, e-mail autolinks), no URL or `www.` (GFM's
 * bare links) and no block marker at the start (lists, quotes, numbered lists). Such a message is
 * drawn as that paragraph directly: parsing each one cost most of the first render of a long chat on a phone.
 */
export function isPlainParagraph(content: string): boolean {
  return (
    content.length > 0 &&
    content === content.trim() &&
    !/[\n\r\t*_~`[\]<>&\\|#@]/.test(content) &&
    !/https?:|www\.|mailto:/i.test(content) &&
    !/^[-+=>\d]/.test(content)
  );
}

const pipeline = lazyModule(() => import('./markdown-pipeline'));

export const loadMarkdownPipeline = pipeline.load;

/** How many of a chat's newest messages its first screen can show (a tall screen, short messages). */
const FIRST_SCREEN_MESSAGES = 30;

/** Whether the first screen of these messages (oldest first) needs the pipeline to look right. */
export function firstScreenNeedsMarkdown(contents: readonly string[]): boolean {
  return contents.slice(-FIRST_SCREEN_MESSAGES).some((content) => content !== '' && !isPlainParagraph(content));
}

/** The pipeline once loaded; a reader that needs it starts the load. */
export function useMarkdownPipeline(needed: boolean) {
  const loaded = pipeline.useLoaded();
  useEffect(() => {
    if (needed && !loaded) void pipeline.load().catch(() => {});
  }, [needed, loaded]);
  return loaded;
}

/** A chat page loads the pipeline once it is idle: replies and older messages will need it. */
export function usePreloadMarkdownWhenIdle() {
  useEffect(() => pipeline.loadWhenIdle(), []);
}
