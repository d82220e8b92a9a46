// New recovery codes on the security page, in English and Japanese: the button only while two-factor sign-in is on
// (a team's requirement or not), a dialog that says the old codes stop working and asks for a current code (an empty
// or malformed one is refused in the field, nothing sent), a refused code or too many attempts said in the dialog
// with what was typed kept, then the 10 new codes shown once to copy or download.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SecurityPage } from '../../../../src/custom-pages/security';
import { session } from '../../../../src/dataProvider/session';
import { publisher } from '../../../support/builders';
import { apiError, apiUrl, http, HttpResponse, lastCall, recordRequests, setupMsw } from '../../../support/msw';
import { renderWithAdmin, signIn } from '../../../support/renderWithAdmin';

const NEW_CODES = Array.from({ length: 10 }, (_, i) => `new${i}a-bcdef`);
const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredBy: [] };
const on = { enabled: true, enabledAt: '2026-01-14T09:30:00.000Z', recoveryCodesLeft: 2, requiredBy: [] };

let status: object = on;
let answer: () => Response = () => HttpResponse.json({ recoveryCodes: NEW_CODES });
const server = setupMsw(
  http.get(apiUrl('/external/me/two-factor'), () => HttpResponse.json(status)),
  http.get(apiUrl('/external/me/sessions'), () => HttpResponse.json([])),
  http.post(apiUrl('/external/me/two-factor/recovery-codes'), () => answer()),
);
const requests = recordRequests(server);
const sent = () => requests.filter((request) => request.method === 'POST' && request.url.endsWith('/external/me/two-factor/recovery-codes'));

async function renderSecurity(locale: 'en' | 'ja', current: object) {
  status = current;
  signIn({ publisher: publisher() });
  return renderWithAdmin(<SecurityPage />, { path: '/account-settings/security', locale });
}

describe('New recovery codes', () => {
  it('refuses an empty or malformed code in the field, keeps a refused one with the reason, then shows the new codes', async () => {
    const { user } = await renderSecurity('en', on);
    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(dialog).toHaveTextContent('Your current recovery codes, used or not, stop working at once and 10 new ones replace them.');
    const field = within(dialog).getByRole('textbox', { name: 'Code or recovery code' });
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('6 digits, or a recovery code');

    // Empty, then malformed: said in the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(field).toBeInvalid();
    await user.type(field, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(field).toHaveAccessibleDescription('That code is not right. Try the newest code of your app.');
    expect(sent()).toHaveLength(0);

    // Refused by the server: the reason in the dialog, the code kept, still signed in.
    answer = () => apiError(400, 'INVALID_CODE');
    await user.type(field, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That code is not right. Try the newest code of your app.');
    expect(field).toHaveValue('123456');
    expect(session.get().jwt).not.toBeNull();
    expect(sent()).toHaveLength(1);
    expect((await lastCall(sent())).body).toEqual({ code: '123456' });

    // Too many attempts: said in the dialog too.
    answer = () => HttpResponse.json({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' }, { status: 429, headers: { 'retry-after': '60' } });
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Too many sign-in attempts. Please wait a few minutes and try again.'));
    expect(field).toHaveValue('123456');

    // A recovery code (spaces dropped) is taken: the new codes, shown once.
    answer = () => HttpResponse.json({ recoveryCodes: NEW_CODES });
    status = { ...on, recoveryCodesLeft: 10 };
    await user.clear(field);
    await user.type(field, ' abcde-fghjk ');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(codes).getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(NEW_CODES);
    expect(within(codes).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(codes).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect((await lastCall(sent())).body).toEqual({ code: 'abcde-fghjk' });
    expect(await screen.findByText('New recovery codes generated: the old ones no longer work')).toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
  });

  it('is offered while a team requires two-factor sign-in, and not while it is off', async () => {
    const { unmount } = await renderSecurity('en', { ...on, requiredBy: [{ id: 201, name: 'Atlas News' }] });
    expect(await screen.findByRole('button', { name: 'Generate new recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    unmount();
    await renderSecurity('en', off);
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate new recovery codes' })).not.toBeInTheDocument();
  });

  it('speaks Japanese, keeping a refused code', async () => {
    answer = () => apiError(400, 'INVALID_CODE');
    const { user } = await renderSecurity('ja', on);
    await user.click(await screen.findByRole('button', { name: '新しいリカバリーコードを生成' }));
    const dialog = await screen.findByRole('dialog', { name: '新しいリカバリーコードを生成しますか？' });
    expect(dialog).toHaveTextContent('現在のリカバリーコードは、使用済みかどうかにかかわらず直ちに使えなくなり');
    const field = within(dialog).getByRole('textbox', { name: 'コードまたはリカバリーコード' });
    await user.type(field, '654321');
    await user.click(within(dialog).getByRole('button', { name: '新しいコードを生成' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('コードが正しくありません。アプリの最新のコードを入力してください。');
    expect(field).toHaveValue('654321');

    answer = () => HttpResponse.json({ recoveryCodes: NEW_CODES });
    await user.click(within(dialog).getByRole('button', { name: '新しいコードを生成' }));
    const codes = await screen.findByRole('dialog', { name: 'リカバリーコードを保存してください' });
    expect(within(codes).getByRole('list', { name: 'リカバリーコード' })).toBeInTheDocument();
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  });
});
