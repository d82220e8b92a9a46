// The component tests' style sheet: emotion's cache for everything renderWithAdmin renders, emptied after each test
// (setupDom.ts), so that a test's document holds only the rules of what that test renders.
//
// Why: the component tests' DOM (happy-dom) computes a style by matching the element against the rules in the
// document, and Testing Library (every accessible name, every role query), user-event (pointer-events) and MUI's
// TextareaAutosize (on each render) ask for styles thousands of times a file. The files of a worker share one
// document (vitest.config.ts), and emotion never removes a rule it inserted, so every file paid for the rules of all
// the files before it.
import createCache from '@emotion/cache';

export const testStyles = createCache({ key: 'css' });

/** Removes every rule; emotion inserts a component's rules again when it next renders. Only with nothing mounted. */
export function clearTestStyles(): void {
  testStyles.sheet.flush();
  for (const name of Object.keys(testStyles.inserted)) delete testStyles.inserted[name];
}
