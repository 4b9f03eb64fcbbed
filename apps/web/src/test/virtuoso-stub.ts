import { createElement, type ReactNode } from 'react';

/**
 * react-virtuoso's list as a plain list (the real one is exercised in the browser journeys):
 * `vi.mock('react-virtuoso', () => import('../test/virtuoso-stub'))`.
 */
export const Virtuoso = (props: { data: unknown[]; itemContent: (i: number, item: unknown) => unknown }) =>
  createElement('div', null, ...props.data.map((item, i) => createElement('div', { key: i }, props.itemContent(i, item) as never)));

/** The plain list with the list's Footer below it (e.g. 'Load newer messages'). */
export const VirtuosoWithFooter = (props: {
  data: unknown[];
  context: unknown;
  itemContent: (i: number, item: unknown) => unknown;
  components: { Footer: (p: { context: unknown }) => ReactNode };
}) =>
  createElement(
    'div',
    null,
    ...props.data.map((item, i) => createElement('div', { key: i }, props.itemContent(i, item) as never)),
    createElement(props.components.Footer as never, { key: 'footer', context: props.context }),
  );
