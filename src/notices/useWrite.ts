/**
 * A write over a data-provider custom method, a call that is no record (README 'Writing with notices'): a
 * react-query mutation with the operation's notices hooked on (useWriteNotices: pending, then success (5 s) or
 * the persistent failure notice; `invalidate`, `failureKey`, `values` ...). Records are written with react-admin's
 * mutation hooks instead (useCreate, useUpdate, useDelete, useUpdateMany, useDeleteMany, through writeOf).
 *
 *   const disable = useWrite('disableTwoFactor', {
 *     mutationFn: (proof: { code: string }, dataProvider) => dataProvider.disableTwoFactor(proof),
 *     invalidate: ['twoFactor'],
 *   });
 *   disable.mutate(proof);               // fire and forget: failures are the notices' business
 *   await disable.mutateAsync(proof);    // or wait (rejects on failure)
 *
 * It answers react-query's mutation with `errorKey`, the message for an alert inside a dialog (the notice region
 * is hidden from screen readers while a modal is open), cleared by `reset()` or the next call.
 */
import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { PortalDataProvider } from '../dataProvider/dataProvider';
import type { OperationName } from './operations';
import { errorKeyOf, useWriteNotices, type WriteNoticeOptions } from './useWriteNotices';

export interface WriteOptions<Variables, Result> extends WriteNoticeOptions<Variables, Result> {
  /** The call: a custom method of the data provider. */
  mutationFn: (variables: Variables, dataProvider: PortalDataProvider) => Promise<Result>;
}

export function useWrite<Variables = void, Result = unknown>(operation: OperationName, { mutationFn, ...options }: WriteOptions<Variables, Result>) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notices = useWriteNotices<Variables, Result>(operation, options);
  const mutation = useMutation<Result, unknown, Variables, unknown>({
    mutationFn: (variables) => mutationFn(variables, dataProvider),
    onMutate: (variables) => notices.onMutate(variables),
    onSettled: (result, error, variables, context) => notices.onSettled(result, error, variables, context),
  });
  return { ...mutation, errorKey: errorKeyOf(notices, mutation) };
}
