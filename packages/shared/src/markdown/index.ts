/**
 * Markdown helpers both sides use (`@agentroom/shared/markdown`), apart from the main entry so that
 * only the code that needs the parser loads it.
 */
export { keepIntrawordAsterisks } from './intraword-emphasis';
export { markdownToPlainText } from './plain-text';
