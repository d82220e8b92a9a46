/**
 * The spec's notices of a write (section 4), hooked onto a mutation through its lifecycle options (README 'Writing
 * with notices'): react-admin's mutation hooks (useCreate, useUpdate, useDelete, useUpdateMany, useDeleteMany) for
 * records, a react-query mutation over a custom method for the calls that are not records (useWrite).
 *
 *   const removing = useWriteNotices('deleteBlockedUrl', { invalidate: ['blockedUrls'] });
 *   const remove = writeOf(removing, useDelete<Pattern>('blockedUrls', undefined, { mutationMode: 'optimistic', ...removing }),
 *     (pattern: Pattern) => ({ id: pattern.id, previousData: pattern, meta: { zoneId } }));
 *   remove.mutate(pattern);               // fire and forget: failures are the notices' business
 *   await remove.mutateAsync(pattern);    // or wait (rejects on failure), e.g. for writes in sequence
 *
 * - `onMutate` begins the operation's notices (operations.ts): the pending one; `onSettled`, which react-admin
 *   calls once the server has answered in every mutation mode, settles them: success (5 s) or the persistent
 *   failure notice, with an optional button on it (failureAction).
 * - `invalidate`: the resources refetched after the call; after a success the write completes only once they are
 *   fresh, so a dialog closes on the new list (`refetchLater` leaves it to the last write of a sequence).
 * - The optimistic change itself and its rollback are react-admin's (`mutationMode: 'optimistic'`): its cache
 *   update of the record's getOne and lists, put back from its snapshot if the call fails, refetched after.
 *
 * The variables the options' functions see are the mutation's: react-admin's params ({ id, data, previousData,
 * meta }) for a record hook, the custom call's own for useWrite.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import type { MutationMode } from 'ra-core';
import { useLocation } from 'react-router-dom';
import { useNotices, type BegunWrite, type NoticesApi } from './NoticesProvider';
import { failureKeyOf, type NoticeAction } from './noticesReducer';
import type { OperationName } from './operations';

export interface WriteNoticeOptions<Variables, Result> {
  /** Resources refetched once the call is done. */
  invalidate?: readonly string[];
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

/** What onMutate hands to onSettled (react-admin adds its snapshot beside it). */
export interface WriteContext {
  notice?: BegunWrite;
  waiter?: Waiter;
}

/** The lifecycle options to spread into a mutation hook's options. Method syntax: they take any hook's variables. */
export interface WriteNotices<Variables, Result> {
  onMutate(variables: Variables): WriteContext;
  /** `context` is onMutate's answer (with what react-admin adds to it). */
  onSettled(result: Result | undefined, error: unknown, variables: Variables, context: unknown): Promise<void>;
}

interface Waiter {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * What writeOf needs of a WriteNotices: its operation and failure message, and one entry per call it made, in
 * order, each taken by that call's onMutate: who awaits it, if anyone (react-admin's optimistic mode answers no
 * promise).
 */
interface Internals {
  operation: OperationName;
  /** The options and page of the latest render: a mutation settles after renders that may have changed them. */
  latest: { options: WriteNoticeOptions<unknown, unknown>; page: string };
  waiting: (Waiter | undefined)[];
}
const internals = new WeakMap<object, Internals>();

/** The refusal code of a failed call, if the contract's Error shape says one. */
const codeOf = (error: unknown) => (error as { body?: { code?: unknown } } | null)?.body?.code;

export function useWriteNotices<Variables = unknown, Result = unknown>(
  operation: OperationName,
  options: WriteNoticeOptions<Variables, Result> = {},
): WriteNotices<Variables, Result> {
  const notices = useNotices();
  const queryClient = useQueryClient();
  // A failure's button acts on this page: its notice goes when the page is left (useNoticesStayOnTheirPage).
  const { pathname } = useLocation();
  // One object for the component's life, so react-admin's and react-query's options stay stable and writeOf finds it.
  const [lifecycle] = useState(() => createLifecycle(operation, notices, queryClient, { options, page: pathname }));
  // The latest options and page: a mutation settles after renders that may have changed them.
  useLayoutEffect(() => {
    const known = internals.get(lifecycle);
    if (known) known.latest = { options: options as WriteNoticeOptions<unknown, unknown>, page: pathname };
  });
  return lifecycle;
}

function createLifecycle<Variables, Result>(
  operation: OperationName,
  notices: NoticesApi,
  queryClient: QueryClient,
  first: { options: WriteNoticeOptions<Variables, Result>; page: string },
): WriteNotices<Variables, Result> {
  const known: Internals = { operation, latest: first as Internals['latest'], waiting: [] };
  const current = () => known.latest as { options: WriteNoticeOptions<Variables, Result>; page: string };
  const refetch = (resources: readonly string[]) =>
    Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))).then(() => undefined);

  const lifecycle: WriteNotices<Variables, Result> = {
    onMutate(variables) {
      const { options, page } = current();
      const { values, failureKey, quietFailure, failureValues, failureAction } = options;
      const notice = notices.begin(operation, {
        values: typeof values === 'function' ? values(variables) : values,
        failureKey,
        quietFailure,
        failureValues: failureValues && ((error) => failureValues(error, variables)),
        failureAction: failureAction?.(variables),
        page,
      });
      return { notice, waiter: known.waiting.shift() };
    },
    async onSettled(result, error, variables, answer) {
      const context = answer as WriteContext | undefined;
      const { options } = current();
      const failed = error !== null && error !== undefined;
      if (context?.notice) notices.settle(context.notice, failed ? { ok: false, error } : { ok: true });
      const invalidate = options.invalidate ?? [];
      if (failed) {
        void refetch(invalidate);
        // Refused by the role table: the role may have changed since the publisher was read (useFreshPublisher).
        if (codeOf(error) === 'ROLE_NOT_ALLOWED') void queryClient.invalidateQueries({ queryKey: ['publishers'] });
        options.onError?.(error, variables);
        context?.waiter?.reject(error);
        return;
      }
      if (!options.refetchLater?.(variables)) await refetch(invalidate);
      options.onSuccess?.(result as Result, variables);
      context?.waiter?.resolve(result);
    },
  };
  internals.set(lifecycle, known);
  return lifecycle;
}

/** A react-admin mutation hook's answer: its mutate function and its state. */
type RecordMutation<Params, Data> = readonly [
  mutate: (resource?: string, params?: Partial<Params>, options?: { returnPromise?: boolean; mutationMode?: MutationMode }) => Promise<unknown>,
  state: { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown; data?: Data; reset(): void },
];

/** A write as a screen uses it: its call of the screen's own variables, its saving flag and its failure's message. */
export interface Write<Variables = void, Result = unknown> {
  /** Fire and forget: failures are the notices' business. */
  mutate(variables: Variables): void;
  /** Resolves with the answer once the refetches are done; rejects on failure (notices shown all the same). */
  mutateAsync(variables: Variables): Promise<Result>;
  isPending: boolean;
  isSuccess: boolean;
  data: Result | undefined;
  /** The failure's message for an alert inside a dialog (the notice region is hidden while a modal is open). */
  errorKey: string | null;
  /** Forgets the last failure (errorKey) and answer. */
  reset(): void;
}

/** The failure's message of a settled mutation, for the dialog that says it. */
export function errorKeyOf(notices: WriteNotices<never, never> | object, state: { isError: boolean; error: unknown }): string | null {
  const known = internals.get(notices);
  if (!known || !state.isError) return null;
  return failureKeyOf(known.operation, state.error, known.latest.options.failureKey);
}

/**
 * A record write (a react-admin mutation hook spread with `notices`) as the screen's Write over its own variables:
 * `params` turns them into the hook's params. mutateAsync waits for the call's onSettled, in every mode (in
 * optimistic mode react-admin answers no promise), so writes in sequence stay possible (the products save).
 * Every call of the hook goes through the Write, so that each call's onMutate finds its own entry.
 */
export function writeOf<Variables, Params, Data>(
  notices: object,
  [mutate, state]: RecordMutation<Params, Data>,
  params: (variables: Variables) => Partial<Params>,
): Write<Variables, Data> {
  const known = internals.get(notices);
  if (!known) throw new Error('writeOf takes the WriteNotices its mutation hook was given');
  return {
    mutate: (variables) => {
      known.waiting.push(undefined);
      void mutate(undefined, params(variables)).catch(() => undefined);
    },
    mutateAsync: (variables) =>
      new Promise<Data>((resolve, reject) => {
        known.waiting.push({ resolve: (result) => resolve(result as Data), reject });
        // The waiter settles it, in every mode; a pessimistic call's own promise would only say the same.
        void mutate(undefined, params(variables)).catch(() => undefined);
      }),
    isPending: state.isPending,
    isSuccess: state.isSuccess,
    data: state.data,
    errorKey: errorKeyOf(notices, state),
    reset: () => state.reset(),
  };
}
