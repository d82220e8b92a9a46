// The ads.txt page (spec sections 2 'Account settings', 3 'Ads.txt line', 8): the lines asked for the selected
// publisher and its business unit, the toggle between the ads.txt and app-ads.txt views of the same text, the
// copy button with its 3000 ms toast, the loading overlay, the persistent general error of a failed load; and
// the checker of the publisher's own file, pasted or picked.
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { AdsTxtPage } from '../../../../src/custom-pages/ads-txt/AdsTxtPage';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';
import { advance, useFakeTimeouts } from '../../../support/time';

const server = setupMsw();
const requests = recordRequests(server);

const TAG = 'f1e2d3c4b5a69788';
const LINES = [
  { exchangeDomain: 'adnetwork.example', sellerAccountId: '10001', accountType: 'DIRECT', tagId: TAG },
  { exchangeDomain: 'openmarket-ssp.example', sellerAccountId: '558213', accountType: 'RESELLER' },
  { exchangeDomain: 'brightbid-exchange.example', sellerAccountId: 'pub-4821937', accountType: 'RESELLER', tagId: 'a1c4e7f0b2d59836' },
  { exchangeDomain: 'adnetwork.example', sellerAccountId: 'pub-2', accountType: 'DIRECT', tagId: TAG },
];
const TEXT = [
  `adnetwork.example, 10001, DIRECT, ${TAG}`,
  'openmarket-ssp.example, 558213, RESELLER',
  'brightbid-exchange.example, pub-4821937, RESELLER, a1c4e7f0b2d59836',
  `adnetwork.example, pub-2, DIRECT, ${TAG}`,
].join('\n');

const ATLAS = publisher({ id: 2, name: 'Atlas News', businessUnit: { id: 5, name: 'Japan' } });

function serveLines(lines: typeof LINES = LINES) {
  server.use(http.get(apiUrl('/external/ads-txt'), () => HttpResponse.json(lines)));
}

async function renderPage() {
  signIn({ publisher: ATLAS });
  return renderWithAdmin(<AdsTxtPage />, { path: '/account-settings/authorized-digital-sellers' });
}

const codeBlock = (name: string) => screen.getByRole('region', { name });
const notices = () => within(screen.getByRole('log', { name: 'Notifications' }));
const checker = () => within(screen.getByRole('region', { name: /^Check your/ }));

describe('AdsTxtPage: the generated lines', () => {
  it("asks for the publisher's lines with its business unit and shows them one per line, with the explanations", async () => {
    serveLines();
    await renderPage();
    await waitFor(() => expect(codeBlock('ads.txt lines')).toHaveTextContent(TEXT.split('\n')[0]!));
    expect(codeBlock('ads.txt lines').textContent).toBe(TEXT);
    const call = requests.find((request) => new URL(request.url).pathname === '/external/ads-txt');
    expect(new URL(call!.url).search).toBe('?publisherId=2&businessUnitIds=5');
    expect(screen.getByRole('heading', { level: 1, name: 'ads.txt' })).toBeInTheDocument();
    expect(screen.getByText(/Your ads.txt file sits at the root of your website/)).toBeInTheDocument();
    expect(screen.getByText(/Copy all of the lines below into your ads.txt file as they are/)).toBeInTheDocument();
    expect(screen.getByText(/Buyers may take up to 24 hours to read a changed file/)).toBeInTheDocument();
  });

  it('toggles to the app-ads.txt view of the same text and back', async () => {
    serveLines();
    const { user } = await renderPage();
    await waitFor(() => expect(codeBlock('ads.txt lines').textContent).toBe(TEXT));
    const adsTxt = screen.getByRole('button', { name: 'Ads.txt' });
    expect(adsTxt).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'App-Ads.txt' }));
    expect(screen.getByRole('button', { name: 'App-Ads.txt' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Lines for your app-ads.txt file' })).toBeInTheDocument();
    expect(codeBlock('app-ads.txt lines').textContent).toBe(TEXT);
    expect(screen.getByText(/developer website given in your app's store listing/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Check your app-ads.txt file' })).toBeInTheDocument();
    // Pressing the selected view again keeps it.
    await user.click(screen.getByRole('button', { name: 'App-Ads.txt' }));
    expect(screen.getByRole('button', { name: 'App-Ads.txt' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(adsTxt);
    expect(codeBlock('ads.txt lines').textContent).toBe(TEXT);
  });

  it('copies the text and confirms for 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveLines();
    const { user } = await renderPage();
    await waitFor(() => expect(codeBlock('ads.txt lines').textContent).toBe(TEXT));
    await user.click(screen.getByRole('button', { name: 'Copy ads.txt lines' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(TEXT);
    expect(await notices().findByText('Copied to clipboard')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(notices().getByText('Copied to clipboard')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(notices().queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });

  it('shows a loading overlay while the call runs, and nothing to copy yet', async () => {
    let answer: (value: unknown) => void = () => undefined;
    server.use(http.get(apiUrl('/external/ads-txt'), () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json(LINES))))));
    await renderPage();
    expect(await screen.findByRole('progressbar', { name: 'Loading the ads.txt lines' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy ads.txt lines' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: /^Check your/ })).not.toBeInTheDocument();
    answer(undefined);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(codeBlock('ads.txt lines').textContent).toBe(TEXT);
    expect(screen.getByRole('button', { name: 'Copy ads.txt lines' })).toBeEnabled();
  });

  it('shows the persistent general error when the call fails, and the lines after a retry', async () => {
    server.use(http.get(apiUrl('/external/ads-txt'), () => apiError(500, 'INTERNAL')));
    const { user } = await renderPage();
    expect(await notices().findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    // Three tries (the app's read rule), then the error in place of the text.
    expect(requests.filter((request) => new URL(request.url).pathname === '/external/ads-txt')).toHaveLength(3);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    serveLines();
    await user.click(retry);
    await waitFor(() => expect(codeBlock('ads.txt lines').textContent).toBe(TEXT));
    expect(screen.queryByRole('log', { name: 'Notifications' })?.textContent ?? '').not.toContain('Something went wrong');
  });

  it('keeps the failure notice on screen: it never fades', async () => {
    useFakeTimeouts();
    server.use(http.get(apiUrl('/external/ads-txt'), () => apiError(404, 'NOT_FOUND')));
    await renderPage();
    expect(await notices().findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    await advance(60_000);
    expect(notices().getByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  });
});

describe('AdsTxtPage: the checker', () => {
  const WRONG = `adnetwork.example, 10001, RESELLER, ${TAG}`;

  it('checks a pasted file 300 ms after the last change: summary, missing lines to copy, the line to correct', async () => {
    useFakeTimeouts();
    serveLines();
    const { user } = await renderPage();
    const field = await screen.findByRole('textbox', { name: 'Your ads.txt file' });
    await user.click(field);
    await user.paste(`# example-news.com\r\ngoogle.com, pub-7439281311086140, DIRECT, f08c47fec0942fa0\r\n${WRONG}\r\nopenmarket-ssp.example, 558213, RESELLER\r\n`);
    await advance(250);
    expect(checker().queryByRole('status')).not.toBeInTheDocument();
    await advance(50);

    expect(checker().getByRole('status')).toHaveTextContent('2 of 4 required lines missing');
    expect(checker().getByRole('status')).toHaveTextContent('1 line to correct · 4 lines checked');
    const missing = within(checker().getByRole('region', { name: 'Missing lines (2)' }));
    expect(missing.getByRole('region', { name: 'Missing lines' }).textContent).toBe(
      `brightbid-exchange.example, pub-4821937, RESELLER, a1c4e7f0b2d59836\nadnetwork.example, pub-2, DIRECT, ${TAG}`,
    );
    const wrong = within(checker().getByRole('region', { name: 'Lines to correct (1)' }));
    const [item] = wrong.getAllByRole('listitem');
    expect(item).toHaveTextContent(`Line 3${WRONG}Wrong relationshipExpected: adnetwork.example, 10001, DIRECT, ${TAG}`);
    const present = within(checker().getByRole('region', { name: 'Required lines present (1)' }));
    expect(present.getByRole('listitem')).toHaveTextContent('Line 4openmarket-ssp.example, 558213, RESELLER');

    await user.click(missing.getByRole('button', { name: 'Copy missing lines' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `brightbid-exchange.example, pub-4821937, RESELLER, a1c4e7f0b2d59836\nadnetwork.example, pub-2, DIRECT, ${TAG}`,
    );
  });

  it('says when every required line is there, and lists malformed and duplicate lines with their reasons', async () => {
    useFakeTimeouts();
    serveLines();
    const { user } = await renderPage();
    await user.click(await screen.findByRole('textbox', { name: 'Your ads.txt file' }));
    await user.paste(`${TEXT}\nadnetwork.example 10002 DIRECT\n${TEXT.split('\n')[1]!}\nfoo.example, 1, DIRECTS`);
    await advance(300);
    expect(checker().getByRole('status')).toHaveTextContent('All 4 required lines are present');
    const malformed = within(checker().getByRole('region', { name: 'Malformed lines (2)' }));
    expect(malformed.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 5adnetwork.example 10002 DIRECTThe fields are not separated by commas.',
      'Line 7foo.example, 1, DIRECTSThe relationship must be DIRECT or RESELLER, not "DIRECTS".',
    ]);
    const duplicates = within(checker().getByRole('region', { name: 'Duplicate lines (1)' }));
    expect(duplicates.getByRole('listitem')).toHaveTextContent('Line 6 repeats line 2openmarket-ssp.example, 558213, RESELLER');
    expect(checker().queryByRole('button', { name: 'Copy missing lines' })).not.toBeInTheDocument();

    await user.click(checker().getByRole('button', { name: 'Clear' }));
    await advance(300);
    expect(checker().queryByRole('status')).not.toBeInTheDocument();
  });

  it('checks a file picked from disk, and says when it is a web page', async () => {
    useFakeTimeouts();
    serveLines();
    const { user, container } = await renderPage();
    await screen.findByRole('textbox', { name: 'Your ads.txt file' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<!DOCTYPE html>\n<html><body>Not found</body></html>'], 'ads.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your ads.txt file' })).toHaveValue('<!DOCTYPE html>\n<html><body>Not found</body></html>'));
    await advance(300);
    expect(checker().getByRole('status')).toHaveTextContent('4 of 4 required lines missing');
    expect(checker().getByText(/This looks like a web page, not an ads.txt file/)).toBeInTheDocument();
  });

  it('refuses a file too large to be an ads.txt file', async () => {
    serveLines();
    const { user, container } = await renderPage();
    await screen.findByRole('textbox', { name: 'Your ads.txt file' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(['x'], 'ads.txt', { type: 'text/plain' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await screen.findByText('This file is larger than 5 MB, too large for an ads.txt file. Choose another file.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your ads.txt file' })).toHaveValue('');
  });

  it('checks an app-ads.txt file as such', async () => {
    useFakeTimeouts();
    serveLines();
    const { user } = await renderPage();
    await screen.findByRole('textbox', { name: 'Your ads.txt file' });
    await user.click(screen.getByRole('button', { name: 'App-Ads.txt' }));
    await user.click(screen.getByRole('textbox', { name: 'Your app-ads.txt file' }));
    await user.paste(`${TEXT}\nSUBDOMAIN=news.example.com`);
    await advance(300);
    const warnings = within(checker().getByRole('region', { name: 'Warnings (1)' }));
    expect(warnings.getByRole('listitem')).toHaveTextContent('SUBDOMAIN belongs in ads.txt files: app-ads.txt files ignore it.');
  });
});
