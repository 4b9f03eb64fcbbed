import type { Root } from 'mdast';
import { keepIntrawordAsterisks } from '@agentroom/shared/markdown';

/** `2*3*4` stays literal (the rule in @agentroom/shared/markdown) as a remark plugin, for react-markdown. */
export function remarkNoIntrawordEmphasis() {
  return (tree: Root, file: { value: unknown }) => keepIntrawordAsterisks(tree, String(file.value));
}
