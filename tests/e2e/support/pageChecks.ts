// Checks of a page as it is on screen, each returning readable problems (empty when none) so a test visiting many
// pages can report them all at once: horizontal overflow, notices covering controls, axe violations.
import axeCore from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * Content reaching past the right edge of the viewport: the page scrolls sideways, or something is cut off. What a
 * scrolling or clipping box (a wide table's scroll area) holds inside it is that box's business and not counted.
 * Each problem names the outermost element sticking out.
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > limit + 1;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const role = element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${role}> "${text}" reaching ${Math.round(element.getBoundingClientRect().right)}px`;
    };
    const clippedInside = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX !== 'visible' && !sticksOut(box)) return true;
      }
      return false;
    };
    const offenders = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.checkVisibility() &&
        element.getBoundingClientRect().width > 0 &&
        sticksOut(element) &&
        !clippedInside(element) &&
        !(element.parentElement && element.parentElement !== document.body && sticksOut(element.parentElement) && !clippedInside(element.parentElement)),
    );
    const scrollWidth = document.documentElement.scrollWidth;
    if (offenders.length === 0 && scrollWidth <= limit) return [];
    return [`${scrollWidth}px of content in ${limit}px: ${offenders.slice(0, 4).map(describe).join('; ') || 'no visible element found'}`];
  });
}

/** Notices whose box covers a visible control (button, link, field, tab...) outside the notice area. */
export function noticesCoveringControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const notices = [...document.querySelectorAll('[data-notice-id]')].filter((notice) => notice.checkVisibility());
    if (notices.length === 0) return [];
    const region = notices[0]?.closest('[role="log"]') ?? null;
    const controls = [
      ...document.querySelectorAll(
        'button, a[href], input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="combobox"]',
      ),
    ].filter((control) => control.checkVisibility() && !(region ?? notices[0])?.contains(control) && !notices.some((notice) => notice.contains(control)));
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const problems: string[] = [];
    for (const notice of notices) {
      const box = notice.getBoundingClientRect();
      for (const control of controls) {
        if (overlaps(box, control.getBoundingClientRect())) {
          problems.push(`notice "${name(notice)}" covers <${control.tagName.toLowerCase()}> "${name(control)}"`);
        }
      }
    }
    return problems;
  });
}

/**
 * Tables whose action column (the last column with a button or link in it) is not all on screen: a control of that
 * column reaching past the viewport, or hidden behind the scroll of a box around the table (issue 21: the history's
 * Undo sat behind a table scrollbar at 1400 px and off screen at 390 px). Horizontal only: rows further down the page
 * are scrolled to as usual. Each problem names the table and the first controls out of view.
 */
export function actionColumnsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROL = 'button, a[href], [role="button"], [role="link"], input:not([type="hidden"]), select';
    const viewport = document.documentElement.clientWidth;
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    /** The part of the page a control can be seen in: the viewport, narrowed by every box that clips it. */
    const visibleRange = (element: Element) => {
      let left = 0;
      let right = viewport;
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const rect = box.getBoundingClientRect();
        left = Math.max(left, rect.left);
        right = Math.min(right, rect.right);
      }
      return { left, right };
    };
    const problems: string[] = [];
    const tables = [...document.querySelectorAll('table')].filter((table) => table.checkVisibility());
    for (const table of tables) {
      const rows = [...table.querySelectorAll(':scope > tbody > tr')] as HTMLTableRowElement[];
      const controlsOf = (row: HTMLTableRowElement, column: number) =>
        [...(row.cells[column]?.querySelectorAll(CONTROL) ?? [])].filter((control) => control.checkVisibility() && control.getBoundingClientRect().width > 0);
      const columns = Math.max(0, ...rows.map((row) => row.cells.length));
      let action = -1;
      for (let column = columns - 1; column >= 0 && action < 0; column--) {
        if (rows.some((row) => row.cells.length === columns && controlsOf(row, column).length > 0)) action = column;
      }
      if (action < 0) continue;
      const out = rows.flatMap((row) =>
        controlsOf(row, action).flatMap((control) => {
          const rect = control.getBoundingClientRect();
          const range = visibleRange(control);
          return rect.left < range.left - 1 || rect.right > range.right + 1
            ? [`<${control.tagName.toLowerCase()}> "${name(control)}" at ${Math.round(rect.left)}-${Math.round(rect.right)}px, visible ${Math.round(range.left)}-${Math.round(range.right)}px`]
            : [];
        }),
      );
      if (out.length) problems.push(`table "${table.getAttribute('aria-label') ?? ''}": ${out.length} action(s) out of view, ${out.slice(0, 2).join('; ')}`);
    }
    return problems;
  });
}

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * WCAG 2.1 A and AA violations found by axe (the rules expectNoA11yViolations runs), one line per rule with the
 * elements concerned. axe is put into the page once per load and run there directly: on a page reused for many
 * routes that saves most of the time AxeBuilder spends injecting it again on every call.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeCore.source);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof axeCore };
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
    return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`);
  }, WCAG_A_AA);
}
