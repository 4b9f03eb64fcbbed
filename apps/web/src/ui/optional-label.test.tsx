import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './form-fields';
import { TextField } from './text-field';

/** The label as written, spaces and all (the default queries collapse whitespace). */
const labelOf = (name: RegExp) => screen.getByText(name, { selector: 'label' });

describe("'(optional)' in field labels", () => {
  it('follows the label after exactly one space, with no extra margin', () => {
    render(
      <>
        <TextField label="Role" optional />
        <TextAreaField label="Description" optional />
      </>,
    );
    for (const [name, text] of [
      [/^Role/, 'Role (optional)'],
      [/^Description/, 'Description (optional)'],
    ] as const) {
      const label = labelOf(name);
      expect(label.textContent).toBe(text);
      expect(label.querySelector('span')!.className).not.toMatch(/\b(ml|ms|pl|ps|mx|px)-/);
    }
  });
});
