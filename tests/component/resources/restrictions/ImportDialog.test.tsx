// The blocklist import dialog as a user meets it (issue 9 'Blocklist import and export'): a pasted mixed list or a
// CSV file gets a verdict per line before anything is written (new, already blocked, repeated, cannot be blocked
// with the reason, unknown advertiser); spreadsheet formulas are refused; the new lines, and only those, go in one
// all-or-nothing call; a large file shows its reading progress; a failed apply keeps everything on screen.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { apiError, apiUrl, http, recordRequests, setupMsw } from '../../../support/msw';
import { advance, useFakeTimeouts } from '../../../support/time';
import { PUBLISHER_ID, block, blockingState, serveBlocking, serveBlocklistImport, type BlockingState } from './blockingApi';
import { BLOCKING_BASE, notices, renderBlocking } from './renderBlocking';

const server = setupMsw();
const requests = recordRequests(server);
const IMPORT = `/external/publisher/${PUBLISHER_ID}/restrictions/import`;
const GENERAL_ERROR = 'Something went wrong. Please try again later.';

const calls = () => requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${new URL(request.url).pathname}`);
const applyBodies = () =>
  Promise.all(requests.filter((request) => new URL(request.url).pathname === IMPORT).map((request) => request.clone().json() as Promise<unknown>));

/** Atlas News blocks Golden Cedar Foods (1040) and *.blocked.example; nothing else. */
function serveAtlas(): BlockingState {
  const state = blockingState({ advertiser: [block('1040', 'Golden Cedar Foods')], advertiser_domain: [block('*.blocked.example')] });
  serveBlocking(server, state);
  serveBlocklistImport(server, state);
  return state;
}

async function openImport() {
  const rendered = await renderBlocking(`${BLOCKING_BASE}/import`);
  const dialog = within(await screen.findByRole('dialog', { name: 'Import a blocklist' }));
  return { ...rendered, dialog, pasteField: dialog.getByRole('textbox', { name: 'Or paste a list' }), check: dialog.getByRole('button', { name: 'Check lines' }) };
}

async function paste(user: UserEvent, field: HTMLElement, lines: readonly string[]) {
  await user.click(field);
  await user.paste(lines.join('\n'));
}

/** The verdict table as the user reads it: 'line | value | verdict | reason or name'. */
function verdictRows(dialog: ReturnType<typeof within>) {
  const table = within(dialog.getByRole('table', { name: 'Check of each line' }));
  return table
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [line, value, verdict] = within(row).getAllByRole('cell');
      const [word, reason] = Array.from(verdict?.children ?? []).map((part) => part.textContent);
      return [line?.textContent, value?.textContent, word, reason].join(' | ');
    });
}

describe('the import dialog', () => {
  it('keeps Check lines disabled with no file and no text', async () => {
    serveAtlas();
    const { user, pasteField, check } = await openImport();
    expect(check).toBeDisabled();
    await user.type(pasteField, '   ');
    expect(check).toBeDisabled();
    await user.type(pasteField, 'IAB8');
    expect(check).toBeEnabled();
    await user.clear(pasteField);
    expect(check).toBeDisabled();
    expect(calls()).toEqual([]);
  });

  it('says the pasted lines are being checked while the server judges them, with no file reading shown', async () => {
    serveAtlas();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.post(apiUrl(`${IMPORT}/check`), async () => {
      await held;
      return undefined;
    }));
    const { user, dialog, pasteField, check } = await openImport();
    await paste(user, pasteField, ['IAB8', 'new-one.example']);
    await user.click(check);
    expect(await dialog.findByRole('progressbar', { name: 'Checking the lines…' })).toBeInTheDocument();
    expect(dialog.queryByText(/Reading the file/)).not.toBeInTheDocument();
    expect(check).toBeDisabled();
    release();
    expect(await dialog.findByText('2 lines checked: 2 new, 0 already blocked or repeated, 0 cannot be blocked.')).toBeInTheDocument();
    expect(dialog.queryByRole('progressbar', { name: 'Checking the lines…' })).not.toBeInTheDocument();
  });

  it('gives each pasted line its verdict before anything is written, then blocks only the new lines in one call', async () => {
    const state = serveAtlas();
    const { user, dialog, pasteField, check } = await openImport();
    await paste(user, pasteField, [
      '1033',
      'Golden Cedar Foods',
      'goldencedar.example',
      'blocked.example',
      'bad..example',
      'IAB8',
      'IAB99',
      'Nobody Ltd',
      '=HYPERLINK("http://evil.example")',
      '1033',
    ]);
    await user.click(check);
    expect(await dialog.findByText('10 lines checked: 3 new, 3 already blocked or repeated, 4 cannot be blocked.')).toBeInTheDocument();
    expect(verdictRows(dialog)).toEqual([
      '1 | 1033 | New | Golden Cedar Airways',
      '2 | Golden Cedar Foods | Already blocked | Golden Cedar Foods',
      '3 | goldencedar.example | New | *.goldencedar.example',
      '4 | blocked.example | Already blocked | *.blocked.example',
      "5 | bad..example | Cannot be blocked | Not a valid domain: use 'example.com' or '*.example.com'",
      '6 | IAB8 | New | Food & Drink',
      '7 | IAB99 | Cannot be blocked | Not an IAB category id',
      '8 | Nobody Ltd | Unknown advertiser | ',
      '9 | =HYPERLINK("http://evil.example") | Cannot be blocked | A spreadsheet formula: such cells are refused',
      '10 | 1033 | Repeated | Repeats line 1',
    ]);
    // Checked, nothing written.
    expect(calls()).toEqual([`POST ${IMPORT}/check`]);
    expect(state.rows.advertiser.map((row) => row.advertisingRestrictionId)).toEqual(['1040']);

    await user.click(dialog.getByRole('switch', { name: 'Only lines that cannot be blocked' }));
    expect(verdictRows(dialog).map((row) => row.split(' | ')[0])).toEqual(['5', '7', '8', '9']);

    await user.click(dialog.getByRole('button', { name: 'Block 3 new lines for Atlas News' }));
    expect(await notices().findByText('Created block(s)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import a blocklist' })).not.toBeInTheDocument());
    expect(calls()).toEqual([`POST ${IMPORT}/check`, `POST ${IMPORT}`]);
    expect((await applyBodies())[0]).toEqual({ entries: [{ value: '1033' }, { value: 'goldencedar.example' }, { value: 'IAB8' }] });
    // The lists show what was blocked.
    // The page behind is read again once the dialog's exit has given it back to assistive technology (aria-hidden lifted).
    const advertisers = within(await screen.findByRole('region', { name: 'Advertisers' }));
    expect(await advertisers.findByText('Golden Cedar Airways')).toBeInTheDocument();
  });

  it('refuses spreadsheet formula cells with their reason and never sends them', async () => {
    serveAtlas();
    const { user, dialog, pasteField, check } = await openImport();
    await paste(user, pasteField, ['=HYPERLINK("http://evil.example")', '+cmd', '@x', '-2+3', 'ok.example']);
    await user.click(check);
    const formula = 'Cannot be blocked | A spreadsheet formula: such cells are refused';
    await dialog.findByRole('table', { name: 'Check of each line' });
    expect(verdictRows(dialog)).toEqual([
      `1 | =HYPERLINK("http://evil.example") | ${formula}`,
      `2 | +cmd | ${formula}`,
      `3 | @x | ${formula}`,
      `4 | -2+3 | ${formula}`,
      '5 | ok.example | New | *.ok.example',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Block 1 new line for Atlas News' }));
    await waitFor(() => expect(calls()).toContain(`POST ${IMPORT}`));
    expect(await applyBodies()).toEqual([{ entries: [{ value: 'ok.example' }] }]);
  });

  it('judges a line with a control character (a tab inside a value, a NUL) as one that cannot be blocked, and keeps the others applicable (issue 21)', async () => {
    serveAtlas();
    const { user, dialog, pasteField, check } = await openImport();
    expect(dialog.getByText('For Atlas News, on all of its zones')).toBeInTheDocument();
    await paste(user, pasteField, ['ok.example', 'exa\tmple.com', 'IAB8', 'nul\u0000.example']);
    await user.click(check);
    expect(await dialog.findByText('4 lines checked: 2 new, 0 already blocked or repeated, 2 cannot be blocked.')).toBeInTheDocument();
    const control = 'Cannot be blocked | Holds a control character (such as a tab or a NUL inside the value): remove it';
    expect(verdictRows(dialog)).toEqual(['1 | ok.example | New | *.ok.example', `2 | exa\tmple.com | ${control}`, '3 | IAB8 | New | Food & Drink', `4 | nul\u0000.example | ${control}`]);
    // The value went to the check as it was pasted (not cut at the tab into two entries).
    const checked = requests.filter((request) => new URL(request.url).pathname === `${IMPORT}/check`);
    expect(((await checked[0]!.clone().json()) as { entries: { value: string }[] }).entries.map((entry) => entry.value)).toEqual([
      'ok.example',
      'exa\tmple.com',
      'IAB8',
      'nul\u0000.example',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Block 2 new lines for Atlas News' }));
    expect(await notices().findByText('Created block(s)')).toBeInTheDocument();
    expect(await applyBodies()).toEqual([{ entries: [{ value: 'ok.example' }, { value: 'IAB8' }] }]);
  });

  it('keeps the apply button disabled when no line is new', async () => {
    serveAtlas();
    const { user, dialog, pasteField, check } = await openImport();
    await paste(user, pasteField, ['blocked.example', 'Golden Cedar Foods', '@x', 'Nobody Ltd']);
    await user.click(check);
    expect(await dialog.findByText('4 lines checked: 0 new, 2 already blocked or repeated, 2 cannot be blocked.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Block 0 new lines for Atlas News' })).toBeDisabled();
    expect(calls()).toEqual([`POST ${IMPORT}/check`]);
  });

  it('reads a chosen CSV file of the export’s columns, each line numbered as in the file, and sends the types', async () => {
    serveAtlas();
    const { user, dialog, pasteField } = await openImport();
    const csv = [
      'type,value,name,scope,created',
      'advertiser,1033,Golden Cedar Airways,zone,2026-01-02T10:00:00Z',
      'advertiser_domain,*.blocked.example,*.blocked.example,publisher,2026-01-02T10:00:00Z',
      'iab_category,IAB7-1,Exercise,zone,2026-01-02T10:00:00Z',
      'banner,x.example,,zone,2026-01-02T10:00:00Z',
    ].join('\r\n');
    await user.upload(dialog.getByLabelText('Choose a CSV file'), new File([csv], 'atlas-zone.csv', { type: 'text/csv' }));
    expect(dialog.getByRole('status')).toHaveTextContent('File: atlas-zone.csv');
    expect(pasteField).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Check lines' }));
    await dialog.findByRole('table', { name: 'Check of each line' });
    expect(verdictRows(dialog)).toEqual([
      '2 | 1033 | New | Golden Cedar Airways',
      '3 | *.blocked.example | Already blocked | *.blocked.example',
      '4 | IAB7-1 | New | Exercise',
      '5 | x.example | Cannot be blocked | Unknown type: use advertiser, advertiser_domain or iab_category',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Block 2 new lines for Atlas News' }));
    await waitFor(() => expect(calls()).toContain(`POST ${IMPORT}`));
    expect(await applyBodies()).toEqual([
      {
        entries: [
          { type: 'advertiser', value: '1033' },
          { type: 'iab_category', value: 'IAB7-1' },
        ],
      },
    ]);
  });

  it('shows the reading progress of a large file, chunk by chunk, then its verdicts', async () => {
    serveAtlas();
    const { user, dialog } = await openImport();
    // About 1.7 MB: four of the parser's 512 KB chunks.
    const rows = Array.from({ length: 20_000 }, (_, index) => `advertiser_domain,*.site${index + 1}.example,*.site${index + 1}.example,zone,2026-01-02T10:00:00Z`);
    const csv = ['type,value,name,scope,created', ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(3 * 512 * 1024);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.post(apiUrl(`${IMPORT}/check`), async () => {
      await held;
      return undefined;
    }));
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Reading progress"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value) seen.add(value);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    await user.upload(dialog.getByLabelText('Choose a CSV file'), new File([csv], 'large.csv', { type: 'text/csv' }));
    await user.click(dialog.getByRole('button', { name: 'Check lines' }));
    // Read to the end; the check is still on its way, and the dialog says so.
    expect(await dialog.findByText('Checking the lines…')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Checking the lines…' })).toBeInTheDocument();
    expect(dialog.queryByRole('progressbar', { name: 'Reading progress' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Check lines' })).toBeDisabled();
    observer.disconnect();
    const partial = [...seen].map(Number).filter((value) => value > 0 && value < 100);
    expect(partial.length).toBeGreaterThan(0);
    release();
    expect(await dialog.findByText('20000 lines checked: 20000 new, 0 already blocked or repeated, 0 cannot be blocked.')).toBeInTheDocument();
    expect(dialog.queryByRole('progressbar', { name: 'Reading progress' })).not.toBeInTheDocument();
    expect(verdictRows(dialog)[0]).toBe('2 | *.site1.example | New | *.site1.example');
    expect(dialog.getByRole('button', { name: 'Block 20000 new lines for Atlas News' })).toBeEnabled();
  });

  it('keeps the verdicts and the pasted list, with the general error that stays, when the apply call fails', async () => {
    useFakeTimeouts();
    const state = serveAtlas();
    server.use(http.post(apiUrl(IMPORT), () => apiError(500, 'INTERNAL')));
    const { user, dialog, pasteField, check } = await openImport();
    const list = ['1033', 'goldencedar.example', 'bad..example'];
    await paste(user, pasteField, list);
    await user.click(check);
    await user.click(await dialog.findByRole('button', { name: 'Block 2 new lines for Atlas News' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(GENERAL_ERROR);
    expect(await notices().findByText(GENERAL_ERROR)).toBeInTheDocument();
    await advance(60_000);
    expect(notices().getByText(GENERAL_ERROR)).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent(GENERAL_ERROR);
    expect(verdictRows(dialog)).toHaveLength(3);
    expect(dialog.getByRole('button', { name: 'Block 2 new lines for Atlas News' })).toBeEnabled();
    expect(state.rows.advertiser.map((row) => row.advertisingRestrictionId)).toEqual(['1040']);
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('textbox', { name: 'Or paste a list' })).toHaveValue(list.join('\n'));
  });
});
