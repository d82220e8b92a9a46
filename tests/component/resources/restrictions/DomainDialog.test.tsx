// The advertiser-domain add dialog against the contract's caps: one bulk add takes at most 1,000 values of a type
// and the review's revenue-at-stake call at most 2,000 items, so a longer list of new domains is refused in the
// dialog, with the way out (Import), before any call.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { recordRequests, setupMsw } from '../../../support/msw';
import { PUBLISHER_ID, block, blockingState, serveBlocking } from './blockingApi';
import { BLOCKING_BASE, notices, renderBlocking } from './renderBlocking';

const server = setupMsw();
const requests = recordRequests(server);
const calls = () => requests.filter((request) => request.method !== 'GET');
const domains = (count: number) => Array.from({ length: count }, (_, index) => `site${index + 1}.example`).join('\n');
const TOO_MANY = 'At most 1,000 new domains can be blocked at a time; use Import for a longer list.';

async function openDialog() {
  const rendered = await renderBlocking(`${BLOCKING_BASE}/block-advertiser-domains/create`);
  const dialog = within(await screen.findByRole('dialog', { name: 'Block advertiser domains' }));
  // The blocked domains load first: Review waits for them.
  await waitFor(() => expect(requests.some((request) => request.url.includes('restrictionType=advertiser_domain'))).toBe(true));
  return { ...rendered, dialog, field: dialog.getByRole('textbox', { name: /Domains/ }), review: dialog.getByRole('button', { name: 'Review' }) };
}

describe('the domains dialog and the bulk-add cap', () => {
  it('refuses 1,001 new domains with the message, Review disabled and no call', async () => {
    serveBlocking(server, blockingState());
    const { user, field, review } = await openDialog();
    await user.click(field);
    await user.paste(domains(1001));
    expect(field).toHaveAccessibleDescription(TOO_MANY);
    expect(field).toBeInvalid();
    expect(review).toBeDisabled();
    // One fewer is allowed: Review was held back by the cap, not by the list still loading.
    await user.clear(field);
    await user.paste(domains(1000));
    await waitFor(() => expect(review).toBeEnabled());
    expect(field).not.toHaveAccessibleDescription(TOO_MANY);
    expect(calls()).toEqual([]);
  });

  it('counts only the new domains: 1,001 entries of which one is blocked already go through as one call of 1,000', async () => {
    serveBlocking(server, blockingState({ advertiser_domain: [block('*.site1.example')] }));
    const { user, dialog, field, review } = await openDialog();
    await user.click(field);
    await user.paste(domains(1001));
    expect(field).toHaveAccessibleDescription('One per line or separated by commas: example.com, *.example.com, or an address such as https://example.com/page');
    await waitFor(() => expect(review).toBeEnabled());
    await user.click(review);
    await user.click(await dialog.findByRole('button', { name: 'Block 1000 domains for Atlas News' }));
    expect(await notices().findByText('1000 blocks created for Atlas News')).toBeInTheDocument();
    const writes = calls().filter((request) => !request.url.includes('revenue-at-stake'));
    expect(writes.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([`POST /external/publisher/${PUBLISHER_ID}/restrictions/bulk`]);
    const [body] = (await writes[0]!.clone().json()) as [{ type: string; restrictions: string[] }];
    expect(body.type).toBe('advertiser_domain');
    expect(body.restrictions).toHaveLength(1000);
    expect(body.restrictions).not.toContain('*.site1.example');
    expect(body.restrictions.at(-1)).toBe('*.site1001.example');
  });

  it('takes an internationalised domain as punycode and an address as its host, and names the publisher it blocks for (issue 21)', async () => {
    serveBlocking(server, blockingState());
    const { user, dialog, field, review } = await openDialog();
    expect(dialog.getByText('For Atlas News, on all of its zones')).toBeInTheDocument();
    await user.click(field);
    await user.paste('ünïcode.de\nhttps://Ads.Example.com/sponsored?x=1, bad..entry');
    await waitFor(() => expect(review).toBeEnabled());
    await user.click(review);
    const invalid = within(await screen.findByRole('dialog', { name: 'Invalid domains' }));
    expect(invalid.getByText("There are invalid domain entries: a domain should look like 'test.com' or '*.test.com'.")).toBeInTheDocument();
    expect(invalid.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['bad..entry']);
    await user.click(invalid.getByRole('button', { name: 'Ok' }));
    await user.clear(field);
    await user.paste('ünïcode.de\nhttps://Ads.Example.com/sponsored?x=1');
    await user.click(review);
    const table = await dialog.findByRole('table', { name: 'Revenue at stake' });
    expect(within(table).getByText('*.xn--ncode-cta3g.de')).toBeInTheDocument();
    expect(within(table).getByText('*.ads.example.com')).toBeInTheDocument();
    expect(dialog.getByText('For Atlas News, on all of its zones')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Block 2 domains for Atlas News' }));
    expect(await notices().findByText('2 blocks created for Atlas News')).toBeInTheDocument();
    const [body] = (await calls().filter((request) => !request.url.includes('revenue-at-stake'))[0]!.clone().json()) as [{ restrictions: string[] }];
    expect(body.restrictions).toEqual(['*.xn--ncode-cta3g.de', '*.ads.example.com']);
  });
});
