// What a screen shows while its data comes from the main process: a line while it loads (with what
// the last failed try said, while react-query tries again), the error in words with "Try again" once
// it gives up, and then the data. Data once shown stays shown: a later failed refresh is a notice
// above it. A read refused because the organization's server was never reached (NOT_CONNECTED) says
// so in a line: the shell's banner above the screen has the reason, the next try and "Retry now".
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorCode, errorWords } from '../errors/words';

interface Props<T> {
  query: UseQueryResult<T>;
  /** What is being loaded, as a sentence without its ellipsis: "Loading the users of Sandbox Org". */
  loading: string;
  /** What failed, without the reason: "Could not load the users of Sandbox Org". */
  failure: string;
  children(data: T): ReactNode;
}

export function QueryGate<T>({ query, loading, failure, children }: Props<T>) {
  if (query.isPending) {
    const failed = query.failureCount > 0 ? errorWords(query.failureReason).message : null;
    return (
      <p className="muted" aria-busy="true">
        {loading}…{failed && ` The last try failed: ${failed} Trying again.`}
      </p>
    );
  }
  if (query.isError && errorCode(query.error) === 'NOT_CONNECTED') {
    if (query.data !== undefined) return <>{children(query.data)}</>;
    return <p className="muted">{failure}: the console has not reached the server yet. This loads by itself once it answers.</p>;
  }
  if (query.isError) {
    const words = errorWords(query.error);
    const failed = (
      <div className="notice" role="alert">
        <p>
          {failure}: {words.message}
          {query.data !== undefined && ' Below is what was loaded before.'}
        </p>
        <p className="muted">{words.action ?? 'The status under the organization’s name says whether the console is connected.'}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
    if (query.data === undefined) return failed;
    return (
      <>
        {failed}
        {children(query.data)}
      </>
    );
  }
  return <>{children(query.data)}</>;
}
