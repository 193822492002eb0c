'use client';
// One request at a time and its outcome, for the wizard's few calls (the request, the upload, the
// points of sale): a few lines here instead of shipping a query library to every supplier's phone.
import { useCallback, useRef, useState } from 'react';

interface TaskState<Input, Result> {
  isPending: boolean;
  data?: Result;
  error?: unknown;
  /** What the last run was given (to retry it). */
  variables?: Input;
}

interface RunCallbacks<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

export function useAsyncTask<Input, Result>(task: (input: Input) => Promise<Result>) {
  const [state, setState] = useState<TaskState<Input, Result>>({ isPending: false });
  const latestTask = useRef(task);
  latestTask.current = task;

  const run = useCallback(async (input: Input, callbacks: RunCallbacks<Result> = {}) => {
    setState((previous) => ({ ...previous, isPending: true, error: undefined, variables: input }));
    try {
      const data = await latestTask.current(input);
      setState({ isPending: false, data, variables: input });
      callbacks.onSuccess?.(data);
    } catch (error) {
      setState((previous) => ({ ...previous, isPending: false, error }));
      callbacks.onError?.(error);
    }
  }, []);

  return { ...state, isError: state.error !== undefined, run };
}
