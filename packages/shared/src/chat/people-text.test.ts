import { describe, expect, it } from 'vitest';
import { namesText, seenByText, typingText } from './people-text';

describe('people text', () => {
  it('says who is typing: one, two, three, then the first two and how many others', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Maya'])).toBe('Maya is typing…');
    expect(typingText(['Maya', 'Nova'])).toBe('Maya and Nova are typing…');
    expect(typingText(['Maya', 'Nova', 'Sage'])).toBe('Maya, Nova and Sage are typing…');
    expect(typingText(['Maya', 'Nova', 'Sage', 'Kai'])).toBe('Maya, Nova and 2 others are typing…');
    expect(typingText(['Maya', 'Nova', 'Sage', 'Kai', 'Ada'])).toBe('Maya, Nova and 3 others are typing…');
  });

  it('says who has seen a message the same way', () => {
    expect(seenByText([])).toBe('');
    expect(seenByText(['Maya Chen'])).toBe('Seen by Maya Chen');
    expect(seenByText(['Maya', 'Nova', 'Sage', 'Kai'])).toBe('Seen by Maya, Nova and 2 others');
  });

  it('lists names without a trailing separator', () => {
    expect(namesText(['A', 'B'])).toBe('A and B');
    expect(namesText(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
