/**
 * The selected publisher's API keys (issue 29, designed calls). A key made answers its secret once, in `create`'s
 * record (`secret`); the list never has it.
 *
 *   apiKeys  getList  GET    /external/publishers/{selected}/api-keys           (whole list, newest first)
 *            create   POST   /external/publishers/{selected}/api-keys           { name, scopes, expiresAt, allowedAddresses }
 *            delete   DELETE /external/publishers/{selected}/api-keys/{id}      (revoke)
 */
import type { CreateParams, CreateResult, DeleteParams, DeleteResult, GetListParams, GetListResult } from 'ra-core';
import { unwrap, type ApiClient } from '../client';
import type { components } from '../../../openapi/portal';
import { deletedRecord, header, selectedPublisherId, toId, wholeList, type Session } from './common';

type Schemas = components['schemas'];
export type ApiKeyRecord = Schemas['ApiKey'];
export type CreatedApiKeyRecord = Schemas['ApiKeyCreated'];

export function apiKeyResources(client: ApiClient, session: Session) {
  const path = () => ({ publisherId: selectedPublisherId(session) });
  return {
    apiKeys: {
      async getList(params: GetListParams): Promise<GetListResult<ApiKeyRecord>> {
        return wholeList(unwrap(await client.GET('/external/publishers/{publisherId}/api-keys', { params: { header, path: path() }, signal: params.signal })));
      },
      async create(params: CreateParams<Schemas['ApiKeyRequest']>): Promise<CreateResult<CreatedApiKeyRecord>> {
        const data = params.data as Schemas['ApiKeyRequest'];
        const body = { ...data, name: data.name.trim(), allowedAddresses: (data.allowedAddresses ?? []).map((address) => address.trim()).filter(Boolean) };
        return { data: unwrap(await client.POST('/external/publishers/{publisherId}/api-keys', { params: { header, path: path() }, body })) };
      },
      async delete(params: DeleteParams<ApiKeyRecord>): Promise<DeleteResult<ApiKeyRecord>> {
        unwrap(await client.DELETE('/external/publishers/{publisherId}/api-keys/{apiKeyId}', { params: { header, path: { ...path(), apiKeyId: toId(params.id) } } }));
        return deletedRecord(params);
      },
    },
  };
}
