// A member of its own for a test (issue 30): invited by multi through the API, the invitation accepted as a new
// account, signed in; `remove` takes them off the team, as an admin would while they work. For the tests of what a
// member removed mid-session sees; the demo's editor and viewer are shared and are never removed.
import type { Role } from '../../../src/lib/roles';
import type { RunningServer } from './server';
import { loginToken, signInDirectly, type SignedIn } from './session';

const PASSWORD = 'Fresh#2027word';

async function call<T>(server: RunningServer, path: string, init: { method?: string; jwt?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(new URL(path, server.url), {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), 'x-app': 'PC', ...(init.jwt ? { authorization: `Bearer ${init.jwt}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export interface OwnMember {
  /** Their session working as the publisher, as signInDirectly gives one. */
  session: SignedIn;
  /** Takes them off the team (multi, an admin of it, does). */
  remove(): Promise<void>;
}

export async function ownMember(server: RunningServer, publisherName: string, role: Role): Promise<OwnMember> {
  const admin = await signInDirectly(server, 'multi', publisherName);
  const publisher = admin.publisher!;
  const email = `member-${Date.now()}-${Math.floor(Math.random() * 1e6)}@publisher.example`;
  await call(server, `/external/publishers/${publisher.id}/invitations`, { method: 'POST', jwt: admin.jwt, body: { email, role } });
  const key = new URL(server.mailboxUrl!).searchParams.get('key')!;
  const [mail] = await call<{ link?: string }[]>(server, `/dev/mailbox/messages?key=${key}&to=${encodeURIComponent(email)}`);
  const link = new URL(mail!.link!);
  await call(server, '/auth/invitation/accept', {
    method: 'POST',
    body: { tk: link.searchParams.get('tk'), ue: link.searchParams.get('ue'), name: 'Remy Member', newPassword: PASSWORD },
  });
  const { jwt } = await call<{ jwt: string }>(server, '/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  const userId = (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user: { id: number } }).user.id;
  const adminJwt = await loginToken(server, 'multi');
  return {
    session: { account: 'multi', jwt, userId, publisher: { ...publisher, role }, publishers: [{ ...publisher, role }] },
    remove: () => call(server, `/external/publishers/${publisher.id}/members/${userId}`, { method: 'DELETE', jwt: adminJwt }),
  };
}
