import { screen } from '@testing-library/react';

/** The card (agent, bot…) whose link is named `name`: the element marked `data-testid={testId}` around it. */
export function cardOf(name: string, testId: string): HTMLElement {
  return screen.getByRole('link', { name }).closest(`[data-testid="${testId}"]`) as HTMLElement;
}
