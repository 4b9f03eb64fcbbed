/** How long a message's one-line snippet may be before it is cut with an ellipsis. */
export const SNIPPET_LENGTH = 90;
