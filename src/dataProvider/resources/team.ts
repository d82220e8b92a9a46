/**
 * The selected publisher's team (issue 22, designed calls): its members (paged by the server), their roles,
 * removal, and the open invitations; and the signed-in user's own sessions.
 *
 *   members      getList  GET    /external/publishers/{selected}/members?page&size&sortBy&direction&searchTerm (filter.q)
 *                update   PATCH  /external/publishers/{selected}/members/{id}       { role }
 *                delete   DELETE /external/publishers/{selected}/members/{id}
 *   invitations  getList  GET    /external/publishers/{selected}/invitations        (whole list, newest first)
 *                create   POST   /external/publishers/{selected}/invitations        { email, role }
 *                delete   DELETE /external/publishers/{selected}/invitations/{id}   (revoke)
 *   sessions     getList  GET    /external/me/sessions                              (whole list)
 *                delete   DELETE /external/me/sessions/{id}
 */
import type { CreateParams, CreateResult, DeleteParams, DeleteResult, GetListParams, GetListResult, UpdateParams, UpdateResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import { searchTerm, toPageQuery, toSortQuery } from '../query';
import type { components } from '../../../openapi/portal';
import type { Role } from '../../lib/roles';
import { deletedRecord, header, pagedList, selectedPublisherId, toId, wholeList, type Session } from './common';

type Schemas = components['schemas'];
export type MemberRecord = Schemas['Member'];
export type InvitationRecord = Schemas['Invitation'];
export type SessionRecord = Schemas['Session'];

/** The contract's sortBy values: the members list's sortable columns. */
export const MEMBER_SORT_FIELDS = ['name', 'email', 'role', 'lastSignInAt'] as const;
const SORT_BY = Object.fromEntries(MEMBER_SORT_FIELDS.map((field) => [field, field])) as Record<string, (typeof MEMBER_SORT_FIELDS)[number]>;

export function teamResources(client: ApiClient, session: Session) {
  const publisherPath = () => ({ publisherId: selectedPublisherId(session) });
  return {
    members: {
      async getList(params: GetListParams): Promise<GetListResult<MemberRecord>> {
        const term = searchTerm(params.filter);
        const query = {
          ...toPageQuery(params.pagination, 20),
          ...toSortQuery<(typeof MEMBER_SORT_FIELDS)[number]>(params.sort, SORT_BY, { sortBy: 'name', direction: 'ASC' }),
          ...(term === undefined ? {} : { searchTerm: term.slice(0, 100) }),
        };
        const page = unwrap(
          await client.GET('/external/publishers/{publisherId}/members', { params: { header, path: publisherPath(), query }, signal: params.signal }),
        );
        return pagedList(page, (member) => member);
      },
      async update(params: UpdateParams<MemberRecord>): Promise<UpdateResult<MemberRecord>> {
        const path = { ...publisherPath(), userId: toId(params.id) };
        const role = (params.data as { role: Role }).role;
        return { data: unwrap(await client.PATCH('/external/publishers/{publisherId}/members/{userId}', { params: { header, path }, body: { role } })) };
      },
      async delete(params: DeleteParams<MemberRecord>): Promise<DeleteResult<MemberRecord>> {
        const path = { ...publisherPath(), userId: toId(params.id) };
        unwrap(await client.DELETE('/external/publishers/{publisherId}/members/{userId}', { params: { header, path } }));
        return deletedRecord(params);
      },
    },

    invitations: {
      async getList(params: GetListParams): Promise<GetListResult<InvitationRecord>> {
        return wholeList(unwrap(await client.GET('/external/publishers/{publisherId}/invitations', { params: { header, path: publisherPath() }, signal: params.signal })));
      },
      async create(params: CreateParams<Schemas['InvitationRequest']>): Promise<CreateResult<InvitationRecord>> {
        const { email, role } = params.data as Schemas['InvitationRequest'];
        const body = { email: email.trim(), role };
        return { data: unwrap(await client.POST('/external/publishers/{publisherId}/invitations', { params: { header, path: publisherPath() }, body })) };
      },
      async delete(params: DeleteParams<InvitationRecord>): Promise<DeleteResult<InvitationRecord>> {
        const path = { ...publisherPath(), invitationId: toId(params.id) };
        unwrap(await client.DELETE('/external/publishers/{publisherId}/invitations/{invitationId}', { params: { header, path } }));
        return deletedRecord(params);
      },
    },

    sessions: {
      async getList(params: GetListParams): Promise<GetListResult<SessionRecord>> {
        return wholeList(unwrap(await client.GET('/external/me/sessions', { params: { header }, signal: params.signal })));
      },
      async delete(params: DeleteParams<SessionRecord>): Promise<DeleteResult<SessionRecord>> {
        unwrap(await client.DELETE('/external/me/sessions/{sessionId}', { params: { header, path: { sessionId: toId(params.id) } } }));
        return deletedRecord(params);
      },
    },
  };
}
