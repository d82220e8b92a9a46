/**
 * The one way the console writes (README 'Writing with notices'): a react-query mutation over a data-provider
 * call that does everything spec section 4 asks of a write, so no screen repeats it:
 *
 * - the operation's notices from the catalog (operations.ts): pending, then success (5 s) or the persistent
 *   failure notice, with an optional button on it (failureAction);
 * - `isPending`, the saving flag, and `errorKey`, the message for an alert inside a dialog (the notice region is
 *   hidden from screen readers while a modal is open), cleared by `reset()` or the next call;
 * - `optimistic`: a change to react-admin's cache applied at once and, if the call fails, taken back out of the
 *   cache as it is then, so overlapping writes keep each other's changes (optimistic.ts);
 * - `invalidate`: the resources refetched after the call; after a success the write completes only once they
 *   are fresh, so a dialog closes on the new list (`refetchLater` leaves it to the last write of a sequence);
 * - `answers`: where the contract answers the written record, it becomes that record's cached getOne answer and
 *   replaces it in cached lists, instead of a refetch; those lists are marked stale and refetch when next shown.
 *
 *   const remove = useWrite('deleteBlockedUrl', {
 *     mutationFn: (row: BlockedUrlRecord, dataProvider) =>
 *       dataProvider.delete('blockedUrls', { id: row.id, previousData: row, meta: { zoneId } }),
 *     optimistic: (row) => removeRecords('blockedUrls', [row.id], { zoneId }),
 *     invalidate: ['blockedUrls'],
 *   });
 *   remove.mutate(row);               // fire and forget: failures are the notices' business
 *   await remove.mutateAsync(row);    // or wait (rejects on failure), e.g. for writes in sequence
 *
 * Why not react-admin's useUpdate/useDelete with mutationMode 'optimistic': those call onSuccess before the
 * server has answered and cannot be awaited, while the spec's success notice follows the answer and the
 * products save runs its deletes one after the other. The calls are still the data provider's CRUD methods,
 * on react-admin's cache keys, so react-admin's hooks and these writes share one cache.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'ra-core';
import { useLocation } from 'react-router-dom';
import type { PortalDataProvider } from '../dataProvider/dataProvider';
import { applyOptimistic, type Applied, type OptimisticChange } from '../dataProvider/optimistic';
import { useNotices } from './NoticesProvider';
import { failureKeyOf, type NoticeAction } from './noticesReducer';
import type { OperationName } from './operations';

export interface WriteOptions<Variables, Result> {
  /** The call: a resource's CRUD method, or a custom method for a call that is not a record. */
  mutationFn: (variables: Variables, dataProvider: PortalDataProvider) => Promise<Result>;
  optimistic?: (variables: Variables) => OptimisticChange;
  /** Resources refetched once the call is done. */
  invalidate?: readonly string[];
  /** The record the call answers (of `resource`): it seeds the cache instead of a refetch. */
  answers?: { resource: string; record: (result: Result) => RaRecord };
  /**
   * True for a call after whose success the refetch waits for a later write (a step of a sequence such as the
   * products save: its deletes one by one, then the put, refetch once at the end, not once per step). A failed
   * call refetches anyway.
   */
  refetchLater?: (variables: Variables) => boolean;
  /** The failure message (notice and errorKey) for this error, when not the operation's. */
  failureKey?: (error: unknown) => string | undefined;
  /** A failure the dialog's alert alone says (errorKey): no notice repeats it (NoticesProvider's RunOptions). */
  quietFailure?: (error: unknown) => boolean;
  /** Message values of the failure notice drawn from the error (what a refusal names, e.g. an undo's conflict). */
  failureValues?: (error: unknown, variables: Variables) => Record<string, unknown> | undefined;
  failureAction?: (variables: Variables) => NoticeAction | undefined;
  /** Message values of the operation's notices; of this call's variables, so a notice names what and whom (issue 30). */
  values?: Record<string, unknown> | ((variables: Variables) => Record<string, unknown>);
  onSuccess?: (result: Result, variables: Variables) => void;
  onError?: (error: unknown, variables: Variables) => void;
}

/** The written record as its getOne answer and in the cached lists of its resource, which are then marked stale. */
async function seedRecord(queryClient: QueryClient, resource: string, record: RaRecord): Promise<void> {
  queryClient.setQueryData([resource, 'getOne', { id: String(record.id) }], record);
  queryClient.setQueriesData<{ data: RaRecord[] } | undefined>({ queryKey: [resource, 'getList'] }, (answer) =>
    answer && { ...answer, data: answer.data.map((row) => (String(row.id) === String(record.id) ? { ...row, ...record } : row)) },
  );
  await queryClient.invalidateQueries({ queryKey: [resource, 'getList'], refetchType: 'none' });
}

export function useWrite<Variables = void, Result = unknown>(operation: OperationName, options: WriteOptions<Variables, Result>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const notices = useNotices();
  // A failure's button acts on this page: its notice goes when the page is left (useNoticesStayOnTheirPage).
  const { pathname } = useLocation();
  const { mutationFn, optimistic, invalidate = [], failureKey, quietFailure, failureValues, failureAction, values } = options;

  const refetch = (resources: readonly string[] = invalidate) =>
    Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))).then(() => undefined);

  const mutation = useMutation<Result, unknown, Variables, { change?: Applied }>({
    mutationFn: (variables) =>
      notices.run(operation, () => mutationFn(variables, dataProvider), {
        values: typeof values === 'function' ? values(variables) : values,
        failureKey,
        quietFailure,
        failureValues: failureValues && ((error) => failureValues(error, variables)),
        failureAction: failureAction?.(variables),
        page: pathname,
      }),
    onMutate: async (variables) => ({ change: optimistic ? await applyOptimistic(queryClient, optimistic(variables)) : undefined }),
    onSuccess: async (result, variables, context) => {
      context?.change?.commit();
      if (options.answers) await seedRecord(queryClient, options.answers.resource, options.answers.record(result));
      if (!options.refetchLater?.(variables)) await refetch();
      options.onSuccess?.(result, variables);
    },
    onError: (error, variables, context) => {
      context?.change?.rollback();
      // A failed call reads again what it may have changed, the answered record included (no answer to seed).
      void refetch(options.answers ? [...invalidate, options.answers.resource] : invalidate);
      // Refused by the role table: the role may have changed since the publisher was read (useFreshPublisher).
      if ((error as { body?: { code?: unknown } } | null)?.body?.code === 'ROLE_NOT_ALLOWED') void queryClient.invalidateQueries({ queryKey: ['publishers'] });
      options.onError?.(error, variables);
    },
  });

  const errorKey = mutation.isError ? failureKeyOf(operation, mutation.error, failureKey) : null;
  return { ...mutation, errorKey };
}

/** What useWrite gives back, for a component handed a write by its parent. */
export type Write<Variables = void, Result = unknown> = ReturnType<typeof useWrite<Variables, Result>>;
